import { lazy, Suspense, useId, useState } from 'react';
import Popover from '@mui/material/Popover';
import { styled } from '@mui/material/styles';
import { copy } from '../../../../shared/copy';
import { tokens } from '../../../../shared/ui/tokens';
import { CalendarIcon } from '../../icons';
import { deadlineLabel, deadlinePatch, withEnd, withStart } from '../detailModel';
import { RowButton } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import type { PropertyProps } from './types';

/** The deadline pickers: their own chunk, loaded when the dropdown first opens (or is hovered). */
export const loadDeadlinePickers = () => import(/* webpackChunkName: "date-pickers" */ '../DeadlinePickers');
const DeadlinePickers = lazy(loadDeadlinePickers);

const PickersBox = styled('div')({ minWidth: '23.2rem', backgroundColor: tokens.grey[100] });

/** '기한': a start and an end date, picked in a popover. */
export function DeadlineProperty({ form, onChange }: PropertyProps) {
  const text = copy.itemDetail;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const value = form.deadline;
  const label = deadlineLabel(value);
  const change = (deadline: typeof value) => {
    const patch = deadlinePatch(value, deadline);
    if (patch) onChange({ deadline }, { deadline: patch });
  };
  return (
    <>
      <RowButton
        type="button"
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? popoverId : undefined}
        aria-label={`${text.deadline}: ${label ?? text.none}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        onMouseEnter={() => void loadDeadlinePickers()}
      >
        <CalendarIcon />
        {label ? <span className="value">{label}</span> : <Placeholder>{text.deadline}</Placeholder>}
      </RowButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': text.deadline,
            sx: { borderRadius: '0.4rem', boxShadow: '0 4px 12px 0 rgba(0,0,0,.15)' },
          },
        }}
      >
        <PickersBox>
          <Suspense fallback={<div style={{ padding: '1.2rem' }}>{text.loading}</div>}>
            <DeadlinePickers
              value={value}
              onStartChange={(start) => change(withStart(value, start))}
              onEndChange={(end) => change(withEnd(value, end))}
            />
          </Suspense>
        </PickersBox>
      </Popover>
    </>
  );
}
