import type { FastifyInstance } from 'fastify';
import { type SignedInMember, asMember, signIn } from './members';

/** A workspace made through the API: its creator, the members who joined with the invite, and its ids. */
export interface TestWorkspace {
  workspaceId: number;
  defaultTeamId: number;
  owner: SignedInMember;
  /** In join order. */
  members: SignedInMember[];
  token: string;
  password: string;
}

let ipCounter = 0;
/** A client IP no other join used, so the join lockout's per-IP counts never interfere. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** `who` joins the workspace of invite `token`; returns the join result. */
export async function joinWith(
  app: FastifyInstance,
  who: SignedInMember,
  token: string,
  password: string,
): Promise<{ workspaceId: number; defaultTeamId: number; joinedAt: string }> {
  const res = await asMember(app, who, 'POST', '/api/workspace/join', {
    payload: { token, password },
    ip: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  return res.json().result;
}

/**
 * Signs in `ownerName`, creates `workspaceName` and lets one new member per entry of `memberNames` join it, in order
 * (so their `joinedAt` ascends).
 */
export async function createWorkspaceWith(
  app: FastifyInstance,
  workspaceName: string,
  ownerName: string,
  memberNames: readonly string[] = [],
): Promise<TestWorkspace> {
  const owner = await signIn(app, ownerName);
  const created = await asMember(app, owner, 'POST', '/api/workspace', { payload: { workspaceName } });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const result = created.json().result as {
    workspaceId: number;
    defaultTeamId: number;
    inviteUrl: string;
    invitePassword: string;
  };
  const token = new URL(result.inviteUrl).searchParams.get('token')!;
  const members: SignedInMember[] = [];
  for (const name of memberNames) {
    const joiner = await signIn(app, name);
    await joinWith(app, joiner, token, result.invitePassword);
    members.push(joiner);
  }
  return {
    workspaceId: result.workspaceId,
    defaultTeamId: result.defaultTeamId,
    owner,
    members,
    token,
    password: result.invitePassword,
  };
}

/** A multipart/form-data body with one file part (built by the platform's FormData, as a browser would). */
export async function multipartFile(
  field: string,
  filename: string,
  type: string,
  data: Uint8Array,
  extraFields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extraFields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
