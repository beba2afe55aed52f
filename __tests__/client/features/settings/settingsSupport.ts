import type { MyProfile, WorkspaceMember } from '../../../../contract/members';
import type { Team, TeamPage } from '../../../../contract/teams';
import type { InviteInfo } from '../../../../contract/workspace';
import type { AdminInvite } from '../../../../contract/admin';
import { envelopeResponse, profile, type FetchHandler } from '../../support/helpers';

/*
 * Fixtures of the settings pages' tests: a signed-in member of workspace "Acme" (default team 7), three teams,
 * four members, and the API routes the settings pages and the shell around them read.
 */

export const signedIn = { session: { accessToken: 'tok', hasSession: true }, invite: { hasWorkspace: true } };

/** 21:00 in Seoul = 12:00 UTC, so the displayed date is the same in every time zone from UTC−11 to UTC+11. */
const at = (date: string) => `${date}T21:00:00+09:00`;

export const team = (teamId: number, teamName: string, memberCount: number, date: string): Team => ({
  teamId,
  teamName,
  teamImageUrl: null,
  memberCount,
  createdAt: at(date),
  isDefault: teamId === profile.defaultTeamId,
  visibility: 'public',
  isMember: true,
});

export const teams: Team[] = [
  team(7, 'Acme', 4, '2026-07-01'),
  team(8, 'Frontend', 2, '2026-07-10'),
  team(9, 'Design', 3, '2026-07-12'),
];

const memberTeam = ({ teamId, teamName, teamImageUrl }: Team) => ({ teamId, teamName, teamImageUrl });

export const members: WorkspaceMember[] = [
  {
    memberId: 1,
    name: '김민수',
    email: 'minsu@acme.example',
    profileImageUrl: '/uploads/profile/1.webp',
    joinedAt: at('2026-07-01'),
    teams: teams.map(memberTeam),
    role: 'owner',
  },
  {
    memberId: 2,
    name: '이영희',
    email: 'younghee@acme.example',
    profileImageUrl: null,
    joinedAt: at('2026-07-02'),
    teams: [memberTeam(teams[0]!), memberTeam(teams[1]!)],
    role: 'admin',
  },
  {
    memberId: 3,
    name: '박철수',
    email: 'cheolsu@acme.example',
    profileImageUrl: null,
    joinedAt: at('2026-07-03'),
    teams: [memberTeam(teams[0]!)],
    role: 'member',
  },
  {
    memberId: 4,
    name: '최지우',
    email: 'jiwoo@acme.example',
    profileImageUrl: null,
    joinedAt: at('2026-07-04'),
    teams: [],
    role: 'member',
  },
];

export const myProfile: MyProfile = {
  memberId: 1,
  name: '김민수',
  email: 'minsu@acme.example',
  profileImageUrl: null,
};

export const inviteInfo: InviteInfo = {
  name: '김민수',
  inviteUrl: profile.inviteUrl!,
  invitePassword: profile.invitePassword!,
};

/** issue #23 (admin): the invite as admins see it (`GET /api/workspace/setting/invite/admin`). */
export const adminInvite: AdminInvite = {
  inviteUrl: profile.inviteUrl!,
  invitePassword: profile.invitePassword!,
  inviteExpiry: 'never',
  inviteExpiresAt: null,
};

/** `GET /api/workspace/setting/teams?page=N`: the N-th of `pages` (the last one has `isLast`). */
export const teamPages =
  (pages: Team[][]): FetchHandler =>
  (request) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
    const body: TeamPage = { teamList: pages[page] ?? [], isLast: page >= pages.length - 1 };
    return envelopeResponse(200, body);
  };

/** Every read of the settings pages and the shell, answered with the fixtures (override any of them). */
export const settingsRoutes = (
  overrides: Record<string, FetchHandler> = {},
): Record<string, FetchHandler> => ({
  'GET /api/workspace/setting': () => envelopeResponse(200, profile),
  'GET /api/workspace/setting/teams': teamPages([teams]),
  'GET /api/workspace/setting/members': () => envelopeResponse(200, members),
  'GET /api/workspace/setting/my-profile': () => envelopeResponse(200, myProfile),
  'GET /api/workspace/setting/invite': () => envelopeResponse(200, inviteInfo),
  // issue #23 (admin)
  'GET /api/workspace/setting/invite/admin': () => envelopeResponse(200, adminInvite),
  ...overrides,
});

/** An error response in the server's envelope with a Korean message. */
export const failure = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ isSuccess: false, code, message, result: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
