import { lazy, Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Popover from '@mui/material/Popover';
import { styled } from '@mui/material/styles';
import type { GoalRef, Manager } from '../../../../contract/items';
import {
  EXT_SERVICE_LABELS,
  PRIORITY_LABELS,
  STATE_LABELS,
  type ExtServiceType,
  type ItemKind as ApiItemKind,
  type Priority,
  type State,
} from '../../../../contract/itemEnums';
import type { ItemPatch } from '../../../api/itemDetailApi';
import { useGetExternalLinksQuery, useGetSimpleListQuery } from '../../../api/itemsApi';
import { useGetMembersQuery } from '../../../api/membersApi';
import { tokens } from '../../../app/theme';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { useGithubTargetLoader } from '../../integrations/useGithubTargetLoader';
import { toastShown } from '../../toast/toastSlice';
import {
  CalendarIcon,
  ExternalGlyph,
  ExtServiceLogo,
  GoalIcon,
  IssueIcon,
  PriorityIcon,
  StatusDot,
  UserIcon,
} from '../icons';
import {
  DETAIL_PRIORITIES,
  DETAIL_STATES,
  deadlineLabel,
  deadlinePatch,
  goalOptions,
  issuesLabel,
  managersLabel,
  toggleChoice,
  withEnd,
  withStart,
  type DeadlineValue,
  type DetailForm,
  type GithubTarget,
} from './detailModel';
import { PropertyMenu, RowButton } from './PropertyMenu';

/** The deadline pickers: their own chunk, loaded when the dropdown first opens. */
export const loadDeadlinePickers = () => import(/* webpackChunkName: "date-pickers" */ './DeadlinePickers');
const DeadlinePickers = lazy(loadDeadlinePickers);

const NONE_KEY = 'NONE';
const EXT_TOAST_KEY = 'ext-tool';

const Panel = styled('section')({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
  minWidth: '33rem',
  '& > h2': { margin: 0, fontSize: '2rem', fontWeight: 400 },
});

/** Under the 외부 row: where the GitHub issue goes, or why it cannot (the toasts announce the same). */
const TargetHint = styled('p')({
  margin: '-1.2rem 0 0',
  paddingLeft: '3.7rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  color: tokens.grey[500],
  overflowWrap: 'anywhere',
  '&[data-status="missing"]': { color: tokens.error },
  '& a': { color: tokens.navyVariant, textDecoration: 'underline' },
});

function targetHint(target: GithubTarget): string {
  const text = copy.itemDetail;
  if (target.status === 'ready') return text.githubTarget(`${target.owner}/${target.repo}`);
  return target.status === 'loading' ? text.githubTargetLoading : text.githubTargetMissing;
}

function Placeholder({ children }: { children: string }) {
  return <span className="placeholder">{children}</span>;
}

export interface PropertyPanelProps {
  kind: ApiItemKind;
  mode: 'create' | 'view' | 'edit';
  teamId: number;
  form: DetailForm;
  /** A property changed: the new form fields and the single-field patch view mode sends. */
  onChange: (fields: Partial<DetailForm>, patch: ItemPatch | null) => void;
}

/** '속성': state, priority, managers, deadline, then goal (issues, externals) or issues (goals), external tool. */
export function PropertyPanel({ kind, mode, teamId, form, onChange }: PropertyPanelProps) {
  const text = copy.itemDetail;
  const dispatch = useAppDispatch();
  const headingId = useId();

  const { data: members } = useGetMembersQuery();
  const teamMembers = useMemo<Manager[]>(
    () =>
      (members ?? [])
        .filter((member) => member.teams.some((team) => team.teamId === teamId))
        .map((member) => ({
          memberId: member.memberId,
          name: member.name,
          profileUrl: member.profileImageUrl,
        })),
    [members, teamId],
  );
  const { data: goals } = useGetSimpleListQuery({ kind: 'goal', teamId }, { skip: kind === 'goal' });
  const { data: issues } = useGetSimpleListQuery({ kind: 'issue', teamId }, { skip: kind !== 'goal' });
  const { data: links } = useGetExternalLinksQuery(teamId, { skip: kind !== 'external' });

  const goalChoices = useMemo(() => goalOptions(goals?.info ?? []), [goals]);
  const linkedTools: ExtServiceType[] = [
    ...(links?.linkedWithGithub ? (['GITHUB'] as const) : []),
    ...(links?.linkedWithSlack ? (['SLACK'] as const) : []),
  ];

  const managerText = form.managers.length ? managersLabel(form.managers, text.more) : text.none;
  const issueText = issuesLabel(form.issues, text.moreItems);
  const deadlineText = deadlineLabel(form.deadline);

  const toast = (message: string) => dispatch(toastShown({ key: EXT_TOAST_KEY, message }));

  const loadGithubTarget = useGithubTargetLoader();
  /** The latest tool pick: a GitHub load answers only if nothing was picked since. */
  const toolPick = useRef(0);
  const pickTool = async (tool: ExtServiceType) => {
    // GitHub again while it loads or is ready: nothing to do (a missing target is loaded again).
    if (tool === 'GITHUB' && form.extServiceType === 'GITHUB' && form.github?.status !== 'missing') return;
    const pick = ++toolPick.current;
    if (tool !== 'GITHUB') {
      onChange({ extServiceType: tool, github: null }, null);
      return;
    }
    onChange({ extServiceType: 'GITHUB', github: { status: 'loading' } }, null);
    toast(text.githubLoading);
    const github = await loadGithubTarget(teamId);
    if (pick !== toolPick.current) return;
    onChange({ github }, null);
    if (github.status === 'missing') toast(text.githubMissing);
  };

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.properties}</h2>

      <CodeMenu<State>
        name={text.state}
        value={form.state}
        codes={DETAIL_STATES}
        labels={STATE_LABELS}
        icon={(state, size) => <StatusDot state={state} size={size === 'value' ? '1.6rem' : '1.2rem'} />}
        onPick={(state) => onChange({ state }, { state })}
      />

      <CodeMenu<Priority>
        name={text.priority}
        value={form.priority}
        codes={DETAIL_PRIORITIES}
        labels={PRIORITY_LABELS}
        icon={(priority, size) => (
          <PriorityIcon priority={priority} size={size === 'value' ? undefined : '1.6rem'} />
        )}
        onPick={(priority) => onChange({ priority }, { priority })}
      />

      <PropertyMenu<number | typeof NONE_KEY>
        name={text.managers}
        multiple
        valueText={managerText}
        display={
          form.managers.length === 0 ? (
            <>
              <UserIcon />
              <Placeholder>{text.managers}</Placeholder>
            </>
          ) : (
            <>
              <span style={{ display: 'flex' }}>
                {form.managers.slice(0, 2).map((manager, index) => (
                  <span key={manager.memberId} style={{ marginLeft: index ? '-0.8rem' : 0 }}>
                    <Avatar src={manager.profileUrl} size="2.4rem" />
                  </span>
                ))}
              </span>
              <span className="value">{managerText}</span>
            </>
          )
        }
        options={[
          { key: NONE_KEY, label: text.none, selected: form.managers.length === 0 },
          ...teamMembers.map((member) => ({
            key: member.memberId,
            label: member.name,
            icon: <Avatar src={member.profileUrl} size="2rem" />,
            selected: form.managers.some((manager) => manager.memberId === member.memberId),
          })),
        ]}
        onPick={(key) => {
          const choice = key === NONE_KEY ? null : (teamMembers.find((m) => m.memberId === key) ?? null);
          if (key !== NONE_KEY && !choice) return;
          const managers = toggleChoice(form.managers, choice, (a, b) => a.memberId === b.memberId);
          if (key === NONE_KEY && form.managers.length === 0) return;
          onChange({ managers }, { managersId: managers.map((manager) => manager.memberId) });
        }}
      />

      <DeadlineRow
        value={form.deadline}
        label={deadlineText}
        onChange={(deadline) => {
          const patch = deadlinePatch(form.deadline, deadline);
          if (patch) onChange({ deadline }, { deadline: patch });
        }}
      />

      {kind !== 'goal' && (
        <PropertyMenu<number | typeof NONE_KEY>
          name={text.goal}
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
            { key: NONE_KEY, label: text.none, selected: !form.goal },
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
      )}

      {kind === 'goal' && (
        <PropertyMenu<number | typeof NONE_KEY>
          name={text.issues}
          multiple
          valueText={issueText ?? text.none}
          emptyText={text.noTeamIssues}
          display={
            <>
              <IssueIcon />
              {issueText ? (
                <span className="value">{issueText}</span>
              ) : (
                <Placeholder>{text.issues}</Placeholder>
              )}
            </>
          }
          options={
            (issues?.info.length ?? 0) === 0
              ? []
              : [
                  { key: NONE_KEY, label: text.none, selected: form.issues.length === 0 },
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
      )}

      {kind === 'external' && (
        <PropertyMenu<ExtServiceType>
          name={text.external}
          valueText={form.extServiceType ? EXT_SERVICE_LABELS[form.extServiceType] : text.none}
          display={
            <>
              {form.extServiceType ? <ExtServiceLogo type={form.extServiceType} /> : <ExternalGlyph />}
              {form.extServiceType ? (
                <span className="value">{EXT_SERVICE_LABELS[form.extServiceType]}</span>
              ) : (
                <Placeholder>{text.external}</Placeholder>
              )}
            </>
          }
          onBlockedClick={
            mode !== 'create'
              ? () => toast(text.extCreateOnly)
              : linkedTools.length === 0
                ? () => toast(text.extNoneLinked)
                : undefined
          }
          options={linkedTools.map((tool) => ({
            key: tool,
            label: EXT_SERVICE_LABELS[tool],
            icon: <ExtServiceLogo type={tool} size="1.6rem" />,
            selected: form.extServiceType === tool,
          }))}
          onPick={(tool) => void pickTool(tool)}
        />
      )}
      {kind === 'external' && mode === 'create' && form.extServiceType === 'GITHUB' && form.github && (
        <TargetHint data-status={form.github.status}>{targetHint(form.github)}</TargetHint>
      )}
      {kind === 'external' && mode !== 'create' && form.externalLink && form.extServiceType && (
        <TargetHint>
          <a href={form.externalLink.url} target="_blank" rel="noopener noreferrer">
            {text.externalLinkOpen[form.extServiceType](form.externalLink.label)}
          </a>
        </TargetHint>
      )}
    </Panel>
  );
}

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

const PickersBox = styled('div')({ minWidth: '23.2rem', backgroundColor: tokens.grey[100] });

function DeadlineRow({
  value,
  label,
  onChange,
}: {
  value: DeadlineValue;
  label: string | null;
  onChange: (deadline: DeadlineValue) => void;
}) {
  const text = copy.itemDetail;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
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
              onStartChange={(start) => onChange(withStart(value, start))}
              onEndChange={(end) => onChange(withEnd(value, end))}
            />
          </Suspense>
        </PickersBox>
      </Popover>
    </>
  );
}
