import type { ReactNode } from 'react';
import { PRIORITY_LABELS, STATE_LABELS } from '../../../../../contract/itemEnums';
import { copy } from '../../../../shared/copy';
import { PriorityIcon, StatusDot } from '../../icons';
import { DETAIL_PRIORITIES, DETAIL_STATES } from '../detailModel';
import { PropertyMenu } from '../PropertyMenu';
import type { PropertyProps } from './types';

/**
 * A single-choice menu over a code list (state, priority): the row shows the current code's icon and label, the
 * options every code; picking the current one changes nothing.
 */
function CodeMenu<C extends string>({
  name,
  value,
  codes,
  labels,
  icon,
  onPick,
}: {
  name: string;
  value: C;
  codes: readonly C[];
  labels: Record<C, string>;
  icon: (code: C, size: 'value' | 'option') => ReactNode;
  onPick: (code: C) => void;
}) {
  return (
    <PropertyMenu<C>
      name={name}
      valueText={labels[value]}
      display={
        <>
          {icon(value, 'value')}
          <span className="value">{labels[value]}</span>
        </>
      }
      options={codes.map((code) => ({
        key: code,
        label: labels[code],
        icon: icon(code, 'option'),
        selected: code === value,
      }))}
      onPick={(code) => {
        if (code !== value) onPick(code);
      }}
    />
  );
}

/** '상태': the item's state. */
export function StateProperty({ form, onChange }: PropertyProps) {
  return (
    <CodeMenu
      name={copy.itemDetail.state}
      value={form.state}
      codes={DETAIL_STATES}
      labels={STATE_LABELS}
      icon={(state, size) =>
        size === 'value' ? (
          // In the 2.4 rem column of the other rows' icons, so every value starts at the same x.
          <span style={{ display: 'inline-flex', flex: 'none', width: '2.4rem', justifyContent: 'center' }}>
            <StatusDot state={state} size="1.6rem" />
          </span>
        ) : (
          <StatusDot state={state} size="1.2rem" />
        )
      }
      onPick={(state) => onChange({ state }, { state })}
    />
  );
}

/** '우선순위': the item's priority. */
export function PriorityProperty({ form, onChange }: PropertyProps) {
  return (
    <CodeMenu
      name={copy.itemDetail.priority}
      value={form.priority}
      codes={DETAIL_PRIORITIES}
      labels={PRIORITY_LABELS}
      icon={(priority, size) => (
        <PriorityIcon priority={priority} size={size === 'value' ? undefined : '1.6rem'} />
      )}
      onPick={(priority) => onChange({ priority }, { priority })}
    />
  );
}
