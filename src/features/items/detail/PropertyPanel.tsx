import { useId, useState } from 'react';
import { styled } from '@mui/material/styles';
import { PRIORITY_LABELS, STATE_LABELS, type ItemKind } from '../../../../contract/itemEnums';
import { copy } from '../../../shared/copy';
import { useIsDesktop, useIsPhone } from '../../../shared/lib/useViewport';
import { tokens } from '../../../shared/ui/tokens';
import { CaretDownIcon } from '../icons';
import { WIDE_DETAIL } from './detailLayout';
import type { DetailForm } from './detailModel';
import { PriorityProperty, StateProperty } from './properties/CodeProperties';
import { DeadlineProperty } from './properties/DeadlineProperty';
import { ExternalToolProperty } from './properties/ExternalToolProperty';
import { GoalProperty } from './properties/GoalProperty';
import { IssuesProperty } from './properties/IssuesProperty';
import { ManagersProperty } from './properties/ManagersProperty';
import type { PropertyChange } from './properties/types';

const Panel = styled('aside')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  // Under the title (phones, tablets, a narrow desktop): a band between two rules, the rows in two columns when
  // they fit.
  gap: '0.8rem',
  padding: '0.8rem 0 1.6rem',
  borderTop: `1px solid ${tokens.grey[300]}`,
  borderBottom: `1px solid ${tokens.grey[300]}`,
  '&.collapsed': { paddingBottom: '0.8rem' },
  '& > h2': { margin: 0, fontSize: '1.8rem', fontWeight: 400 },
  // The disclosure button of phones and tablets: the whole heading row.
  '& > h2 > button': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    width: '100%',
    minHeight: '4.4rem',
    padding: 0,
    border: 'none',
    background: 'transparent',
    font: 'inherit',
    color: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    '&:focus-visible': { outline: `2px solid ${tokens.navy}`, outlineOffset: 2, borderRadius: '0.4rem' },
    '& .summary': {
      flex: 1,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      fontSize: '1.4rem',
      color: tokens.grey[500],
    },
    '& .caret': { display: 'flex', marginLeft: 'auto', transition: 'transform 200ms' },
    '&[aria-expanded="true"] .caret': { transform: 'rotate(180deg)' },
    '@media (prefers-reduced-motion: reduce)': { '& .caret': { transition: 'none' } },
  },
  '& > .rows': {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 26rem), 1fr))',
    gap: '0.4rem 2.4rem',
    minWidth: 0,
  },
  '& > .rows[hidden]': { display: 'none' },
  // A property without a value names itself in the secondary text colour (readable: AA contrast).
  '& > .rows .placeholder': { color: tokens.grey[500] },
  // Phones and other touch screens: every row is a 44 px touch target.
  [theme.breakpoints.down('sm')]: { '& button[aria-haspopup]': { minHeight: '4.4rem' } },
  '@media (pointer: coarse)': { '& button[aria-haspopup]': { minHeight: '4.4rem' } },
  // Beside the description (the desktop reference): a plain column under '속성'.
  [WIDE_DETAIL]: {
    gap: '1.6rem',
    padding: 0,
    border: 'none',
    '& > h2': { fontSize: '2rem' },
    '& > .rows': { display: 'flex', flexDirection: 'column', gap: '1.6rem' },
  },
}));

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
 * issues (goals), and the external tool (externals). One component per property. A complementary landmark
 * (`<aside>` named '속성'): beside the description where the page is wide enough, else a band under the title
 * (detailLayout.ts).
 *
 * Below 1024 px (phones and tablets, where the panel sits under the title) the heading is a disclosure button
 * (`aria-expanded`): collapsed by default on phones (< 600 px), where the state and priority show beside it, open by
 * default on tablets, which have room for the rows in two columns. On desktop it is always open, as before.
 */
export function PropertyPanel({ kind, mode, teamId, form, onChange }: PropertyPanelProps) {
  const text = copy.itemDetail;
  const rowsId = useId();
  const phone = useIsPhone();
  const collapsible = !useIsDesktop();
  const [open, setOpen] = useState(!phone);
  const expanded = !collapsible || open;
  const row = { form, onChange };
  return (
    <Panel aria-label={text.properties} className={expanded ? undefined : 'collapsed'}>
      <h2>
        {collapsible ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={rowsId}
            onClick={() => setOpen((value) => !value)}
          >
            {text.properties}
            {!expanded && (
              <span className="summary" aria-hidden="true">
                {text.propertiesSummary(STATE_LABELS[form.state], PRIORITY_LABELS[form.priority])}
              </span>
            )}
            <span className="caret" aria-hidden="true">
              <CaretDownIcon size="2rem" />
            </span>
          </button>
        ) : (
          text.properties
        )}
      </h2>
      {/* Kept mounted while collapsed: an open picker or a loading chunk survives the toggle. */}
      <div className="rows" id={rowsId} hidden={!expanded}>
        <StateProperty {...row} />
        <PriorityProperty {...row} />
        <ManagersProperty {...row} teamId={teamId} />
        <DeadlineProperty {...row} />
        {kind !== 'goal' && <GoalProperty {...row} teamId={teamId} />}
        {kind === 'goal' && <IssuesProperty {...row} teamId={teamId} />}
        {kind === 'external' && <ExternalToolProperty {...row} mode={mode} teamId={teamId} />}
      </div>
    </Panel>
  );
}
