import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Avatar } from '../../../shared/ui/Avatar';
import { LoadError } from '../LoadError';
import { PageTitle, ProfileColumn, ReadOnlyField, RowLabel, SettingRow, TitleRule } from '../profileLayout';

/**
 * `/workspace/setting/ws-profile` (docs/product.md "Settings"): the workspace's logo, name and URL, read-only
 * (`GET /api/workspace/setting`).
 */
export default function WorkspaceProfilePage() {
  const { data, error, isError } = useGetWorkspaceProfileQuery();
  const text = copy.settings.wsProfile;
  usePageTitle({ section: copy.settings.pageTitle }, copy.settings.pageTitles.wsProfile);
  if (isError && !data) return <LoadError error={error} />;

  return (
    <ProfileColumn aria-labelledby="ws-profile-title">
      <PageTitle id="ws-profile-title">{text.title}</PageTitle>
      <TitleRule />
      <SettingRow>
        <RowLabel>{text.logo}</RowLabel>
        <Avatar
          kind="workspace"
          size="4.2rem"
          src={data?.workspaceImageUrl}
          name={data ? `${data.workspaceName} ${text.logo}` : text.logo}
        />
      </SettingRow>
      <ReadOnlyField label={text.name} value={data?.workspaceName ?? ''} />
      <ReadOnlyField label={text.url} value={data?.workspaceUrl ?? ''} />
    </ProfileColumn>
  );
}
