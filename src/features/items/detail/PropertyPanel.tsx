import { useId } from 'react';
import { styled } from '@mui/material/styles';
import type { ItemKind } from '../../../../contract/itemEnums';
import { copy } from '../../../shared/copy';
import type { DetailForm } from './detailModel';
import { PriorityProperty, StateProperty } from './properties/CodeProperties';
import { DeadlineProperty } from './properties/DeadlineProperty';
import { ExternalToolProperty } from './properties/ExternalToolProperty';
import { GoalProperty } from './properties/GoalProperty';
import { IssuesProperty } from './properties/IssuesProperty';
import { ManagersProperty } from './properties/ManagersProperty';
import type { PropertyChange } from './properties/types';

const Panel = styled('section')({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
  minWidth: '33rem',
  '& > h2': { margin: 0, fontSize: '2rem', fontWeight: 400 },
});

export interface PropertyPanelProps {
  kind: ItemKind;
  mode: 'create' | 'view' | 'edit';
  teamId: number;
  form: DetailForm;
  /** A property changed: the new form fields and the single-field patch view mode sends. */
  onChange: PropertyChange;
}

/**
 * '속성' (docs/product.md "Item detail"): state, priority, managers, deadline, then goal (issues, externals) or
 * issues (goals), and the external tool (externals). One component per property.
 */
export function PropertyPanel({ kind, mode, teamId, form, onChange }: PropertyPanelProps) {
  const headingId = useId();
  const row = { form, onChange };
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.itemDetail.properties}</h2>
      <StateProperty {...row} />
      <PriorityProperty {...row} />
      <ManagersProperty {...row} teamId={teamId} />
      <DeadlineProperty {...row} />
      {kind !== 'goal' && <GoalProperty {...row} teamId={teamId} />}
      {kind === 'goal' && <IssuesProperty {...row} teamId={teamId} />}
      {kind === 'external' && <ExternalToolProperty {...row} mode={mode} teamId={teamId} />}
    </Panel>
  );
}
