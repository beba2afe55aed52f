import { useMemo } from 'react';
import type { Manager } from '../../../../../contract/items';
import { useGetMembersQuery } from '../../../../api/membersApi';
import { copy } from '../../../../shared/copy';
import { Avatar } from '../../../../shared/ui/Avatar';
import { UserIcon } from '../../icons';
import { managersLabel, toggleChoice } from '../detailModel';
import { PropertyMenu } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import { NONE_KEY, type PropertyProps } from './types';

/** '담당자': several members of the team (the first two avatars shown), or none. */
export function ManagersProperty({ form, onChange, teamId }: PropertyProps & { teamId: number }) {
  const text = copy.itemDetail;
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
  const managerText = form.managers.length ? managersLabel(form.managers, text.more) : text.none;

  return (
    <PropertyMenu<number | typeof NONE_KEY>
      name={text.managers}
      multiple
      filterLabel={copy.filter.managers}
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
        { key: NONE_KEY, label: text.none, pinned: true, selected: form.managers.length === 0 },
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
  );
}
