import { useMemo } from 'react';
import { useGetSimpleListQuery } from '../../../../api/itemsApi';
import { copy } from '../../../../shared/copy';
import { GoalIcon } from '../../icons';
import { goalOptions } from '../detailModel';
import { PropertyMenu } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import { NONE_KEY, type PropertyProps } from './types';

/** '목표' of an issue or external: one of the team's goals, or none. */
export function GoalProperty({ form, onChange, teamId }: PropertyProps & { teamId: number }) {
  const text = copy.itemDetail;
  const { data: goals } = useGetSimpleListQuery({ kind: 'goal', teamId });
  const goalChoices = useMemo(() => goalOptions(goals?.info ?? []), [goals]);
  return (
    <PropertyMenu<number | typeof NONE_KEY>
      name={text.goal}
      filterLabel={copy.filter.goal}
      valueText={form.goal?.title ?? text.none}
      display={
        <>
          <GoalIcon />
          {form.goal ? (
            <span className="value">{form.goal.title}</span>
          ) : (
            <Placeholder>{text.goal}</Placeholder>
          )}
        </>
      }
      options={[
        { key: NONE_KEY, label: text.none, pinned: true, selected: !form.goal },
        ...goalChoices.map((goal) => ({
          key: goal.id,
          label: goal.label,
          selected: form.goal?.id === goal.id,
        })),
      ]}
      onPick={(key) => {
        if (key === NONE_KEY) {
          if (form.goal) onChange({ goal: null }, { goalId: null });
          return;
        }
        const goal = goalChoices.find((choice) => choice.id === key);
        if (goal && goal.id !== form.goal?.id) {
          onChange({ goal: { id: goal.id, title: goal.title } }, { goalId: goal.id });
        }
      }}
    />
  );
}
