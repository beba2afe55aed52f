import { useRef } from 'react';
import { styled } from '@mui/material/styles';
import { EXT_SERVICE_LABELS, type ExtServiceType } from '../../../../../contract/itemEnums';
import { useGetExternalLinksQuery } from '../../../../api/itemsApi';
import { useAppDispatch } from '../../../../app/hooks';
import { copy } from '../../../../shared/copy';
import { ExtServiceLogo } from '../../../../shared/ui/icons/serviceLogos';
import { tokens } from '../../../../shared/ui/tokens';
import {
  SetupGuideLink,
  serviceLabels,
  useGithubTargetLoader,
  useIntegrationAvailability,
  type GithubTarget,
} from '../../../integrations';
import { toastShown } from '../../../toast';
import { ExternalGlyph } from '../../icons';
import { PropertyMenu } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import type { PropertyProps } from './types';

const EXT_TOAST_KEY = 'ext-tool';

/** Under the 외부 row: where the GitHub issue goes, or why it cannot (the toasts announce the same). */
const TargetHint = styled('p')(({ theme }) => ({
  margin: '-1.2rem 0 0',
  paddingLeft: '3.7rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  color: tokens.grey[500],
  overflowWrap: 'anywhere',
  '&[data-status="missing"]': { color: tokens.error },
  '& a': { color: tokens.navyVariant, textDecoration: 'underline' },
  // The setup guide link: a 44 px touch target on phones.
  [theme.breakpoints.down('sm')]: {
    '& a.setup': { display: 'inline-flex', alignItems: 'center', minHeight: '4.4rem' },
  },
}));

function targetHint(target: GithubTarget): string {
  const text = copy.itemDetail;
  if (target.status === 'ready') return text.githubTarget(`${target.owner}/${target.repo}`);
  return target.status === 'loading' ? text.githubTargetLoading : text.githubTargetMissing;
}

export interface ExternalToolPropertyProps extends PropertyProps {
  mode: 'create' | 'view' | 'edit';
  teamId: number;
}

/**
 * '외부' of an external (docs/product.md "Integrations"): the tool (GitHub or Slack), chosen on create among the
 * team's linked tools that the server has configured, and fixed afterwards. On create, a tool the server has no
 * credentials for is named under the row as "서버 관리자 설정 필요" with a link to the setup guide, never offered. Picking GitHub loads where its issue goes; saved externals link to the
 * GitHub issue or Slack message made at creation.
 */
export function ExternalToolProperty({ form, onChange, mode, teamId }: ExternalToolPropertyProps) {
  const text = copy.itemDetail;
  const dispatch = useAppDispatch();
  const { data: links } = useGetExternalLinksQuery(teamId);
  const availability = useIntegrationAvailability(teamId);
  const linkedTools: ExtServiceType[] = [
    ...(links?.linkedWithGithub ? (['GITHUB'] as const) : []),
    ...(links?.linkedWithSlack ? (['SLACK'] as const) : []),
  ].filter((tool) => availability.isConfigured(tool));
  const { unconfigured } = availability;
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
    <>
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
              ? () =>
                  toast(
                    unconfigured.length === 2
                      ? copy.integrations.unconfigured.noneConfigured
                      : text.extNoneLinked,
                  )
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
      {mode === 'create' && unconfigured.length > 0 && (
        <TargetHint data-status="unconfigured">
          {copy.integrations.unconfigured.hint(serviceLabels(unconfigured))}{' '}
          <SetupGuideLink className="setup" href={availability.setupUrl} services={unconfigured} />
        </TargetHint>
      )}
      {mode === 'create' && form.extServiceType === 'GITHUB' && form.github && (
        <TargetHint data-status={form.github.status}>{targetHint(form.github)}</TargetHint>
      )}
      {mode !== 'create' && form.externalLink && form.extServiceType && (
        <TargetHint>
          <a href={form.externalLink.url} target="_blank" rel="noopener noreferrer">
            {text.externalLinkOpen[form.extServiceType](form.externalLink.label)}
          </a>
        </TargetHint>
      )}
    </>
  );
}
