import { copy, type ItemKind, type ItemMode, type ItemScope } from '../../../shared/copy';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export interface ItemPageProps {
  kind: ItemKind;
  mode: ItemMode;
  /** `default`: the workspace's default (joint) team; `team`: any other team. */
  scope: ItemScope;
}

/**
 * Goal, issue and external item screens — list and detail (create, view, edit) — share this one component,
 * parameterized by kind. The list and detail issues replace the placeholder body.
 */
export default function ItemPage({ kind, mode, scope }: ItemPageProps) {
  return <PlaceholderPage title={copy.placeholders.item(kind, mode, scope)} />;
}
