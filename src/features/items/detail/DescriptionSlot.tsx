import { lazy, Suspense, type ComponentType } from 'react';
import { styled } from '@mui/material/styles';
import { tokens } from '../../../app/theme';
import { copy } from '../../../shared/copy';

/*
 * The description editor's slot. The Slate editor (`features/editor/DescriptionEditor.tsx`, written in parallel) is
 * loaded lazily in its own chunk; until that module exists — or if it fails to load — a plain fallback keeps the
 * stored content untouched. The import names the module through a webpack context limited to that one file, so the
 * build passes with or without it.
 */

export interface DescriptionEditorProps {
  /** Lexical-shaped JSON ('' = empty). */
  initialContent: string;
  readOnly: boolean;
  onChange: (contentJson: string) => void;
}

const EDITOR_MODULE = 'DescriptionEditor';

const Fallback = styled('div')({
  minHeight: '12rem',
  padding: '1.2rem 0',
  fontSize: '1.6rem',
  color: tokens.grey[400],
});

function PlainDescription({ readOnly }: DescriptionEditorProps) {
  return (
    <Fallback aria-label={copy.itemDetail.descriptionLabel}>
      {readOnly ? null : copy.itemDetail.descriptionPlaceholder}
    </Fallback>
  );
}

export const loadDescriptionEditor = async (): Promise<{
  default: ComponentType<DescriptionEditorProps>;
}> => {
  try {
    const module = (await import(
      /* webpackChunkName: "editor", webpackInclude: /DescriptionEditor\.tsx$/ */ `../../editor/${EDITOR_MODULE}`
    )) as { default?: ComponentType<DescriptionEditorProps> };
    if (module.default) return { default: module.default };
  } catch {
    // Not there yet (or failed to load): the plain fallback below.
  }
  return { default: PlainDescription };
};

const DescriptionEditor = lazy(loadDescriptionEditor);

export function DescriptionSlot(props: DescriptionEditorProps) {
  return (
    <Suspense fallback={<Fallback aria-busy="true" />}>
      <DescriptionEditor {...props} />
    </Suspense>
  );
}
