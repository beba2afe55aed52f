import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { WorkspaceMember } from '../../../../contract/members';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { members, settingsRoutes, signedIn } from './settingsSupport';

/*
 * The member filter of `/workspace/setting/team-members` (docs/product.md "Search"): by name or email with the
 * Hangul matcher of contract/hangul.ts — 초성 (ㄱㅁㅅ → 김민수), a half-composed last syllable — in the whole app,
 * `fetch` mocked.
 */

configure({ asyncUtilTimeout: 5000 });

afterEach(() => jest.restoreAllMocks());

/** 김민지 (ㄱㅁㅈ): a near miss of ㄱㅁㅅ. */
const minji: WorkspaceMember = {
  memberId: 5,
  name: '김민지',
  email: 'minji@acme.example',
  profileImageUrl: null,
  joinedAt: '2026-07-05T21:00:00+09:00',
  teams: [],
  role: 'member',
};

async function openMembers() {
  mockFetch(
    settingsRoutes({
      'GET /api/workspace/setting/members': () => envelopeResponse(200, [...members, minji]),
    }),
  );
  await renderApp('/workspace/setting/team-members', { preloadedState: signedIn });
  const table = await screen.findByRole('table', { name: '워크스페이스 멤버' });
  await within(table).findByText('김민지');
  const field = screen.getByRole('searchbox', { name: '이름 또는 이메일 검색' });
  return { table, field };
}

/** The member name of each body row, in order. */
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('member table filter', () => {
  it('ㄱㅁㅅ shows 김민수 only, still as the highlighted caller row', async () => {
    const { table, field } = await openMembers();
    expect(field).toHaveAttribute('placeholder', '이름 또는 이메일 검색');
    expect(names(table)).toEqual(['김민수', '이영희', '박철수', '최지우', '김민지']);

    fireEvent.change(field, { target: { value: 'ㄱㅁㅅ' } });
    expect(names(table)).toEqual(['김민수']);
    expect(screen.getByRole('row', { name: /김민수/ })).toHaveAttribute('data-highlighted', 'true');

    fireEvent.change(field, { target: { value: 'ㄱㅁ' } });
    expect(names(table)).toEqual(['김민수', '김민지']);
  });

  it('a half-composed syllable and an email part match; a filtered-out caller leaves no row highlighted', async () => {
    const { table, field } = await openMembers();
    // 이여: 이영희 with its second syllable still being typed.
    fireEvent.change(field, { target: { value: '이여' } });
    expect(names(table)).toEqual(['이영희']);
    expect(screen.getByRole('row', { name: /이영희/ })).not.toHaveAttribute('data-highlighted');

    fireEvent.change(field, { target: { value: 'CHEOLSU' } });
    expect(names(table)).toEqual(['박철수']);
  });

  it('narrows while a syllable is being composed, and Enter while composing does nothing', async () => {
    const { table, field } = await openMembers();
    fireEvent.compositionStart(field);
    fireEvent.change(field, { target: { value: 'ㅊ' } });
    // A name that starts with the match ranks above one that has it in the middle.
    expect(names(table)).toEqual(['최지우', '박철수']);
    fireEvent.change(field, { target: { value: '최' } });
    expect(names(table)).toEqual(['최지우']);
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    fireEvent.compositionEnd(field, { data: '최' });
    expect(names(table)).toEqual(['최지우']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when nobody matches, and a cleared field shows everyone again', async () => {
    const { table, field } = await openMembers();
    fireEvent.change(field, { target: { value: 'ㅋㅋㅋ' } });
    expect(names(table)).toEqual([]);
    expect(within(table).getByRole('status')).toHaveTextContent('일치하는 멤버가 없습니다.');

    fireEvent.change(field, { target: { value: '' } });
    expect(names(table)).toEqual(['김민수', '이영희', '박철수', '최지우', '김민지']);
    expect(within(table).queryByText('일치하는 멤버가 없습니다.')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /김민수/ })).toHaveAttribute('data-highlighted', 'true');
  });
});
