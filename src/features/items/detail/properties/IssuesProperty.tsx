import type { GoalRef } from '../../../../../contract/items';
import { useGetSimpleListQuery } from '../../../../api/itemsApi';
import { copy } from '../../../../shared/copy';
import { IssueIcon } from '../../icons';
import { issuesLabel, toggleChoice } from '../detailModel';
import { PropertyMenu } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import { NONE_KEY, type PropertyProps } from './types';

/** '이슈' of a goal: several of the team's issues, or none (a notice when the team has no issue). */
export function IssuesProperty({ form, onChange, teamId }: PropertyProps & { teamId: number }) {
  const text = copy.itemDetail;
  const { data: issues } = useGetSimpleListQuery({ kind: 'issue', teamId });
  const issueText = issuesLabel(form.issues, text.moreItems);
  return (
    <PropertyMenu<number | typeof NONE_KEY>
      name={text.issues}
      multiple
      filterLabel={copy.filter.issues}
      valueText={issueText ?? text.none}
      emptyText={text.noTeamIssues}
      display={
        <>
          <IssueIcon />
          {issueText ? <span className="value">{issueText}</span> : <Placeholder>{text.issues}</Placeholder>}
        </>
      }
      options={
        (issues?.info.length ?? 0) === 0
          ? []
          : [
              { key: NONE_KEY, label: text.none, pinned: true, selected: form.issues.length === 0 },
              ...(issues?.info ?? []).map((issue) => ({
                key: issue.id,
                label: issue.title,
                selected: form.issues.some((picked) => picked.id === issue.id),
              })),
            ]
      }
      onPick={(key) => {
        if (key === NONE_KEY && form.issues.length === 0) return;
        const choice: GoalRef | null =
          key === NONE_KEY ? null : (issues?.info.find((issue) => issue.id === key) ?? null);
        if (key !== NONE_KEY && !choice) return;
        const next = toggleChoice(form.issues, choice, (a, b) => a.id === b.id);
        onChange({ issues: next }, { issuesId: next.map((issue) => issue.id) });
      }}
    />
  );
}
