import { render } from '@testing-library/react';
import {
  documentTitleOf,
  usePageHeading,
  usePageTitle,
  type TitlePart,
} from '../../../src/shared/lib/pageTitle';

function Page({ parts }: { parts: TitlePart[] }) {
  usePageTitle(...parts);
  return null;
}

function Heading() {
  return <p data-testid="heading">{usePageHeading()}</p>;
}

describe('page titles', () => {
  it('joins the named parts, most specific first, and ends with the product name', () => {
    expect(documentTitleOf(['로그인 오류', '이슈', '개발팀'])).toBe('로그인 오류 · 이슈 · 개발팀 · Momentum');
    expect(documentTitleOf([undefined, '이슈', null, '', '  ', false])).toBe('이슈 · Momentum');
    expect(documentTitleOf([])).toBe('Momentum');
  });

  it('names the tab while the page is mounted and gives the previous title back when it leaves', () => {
    document.title = 'Momentum';
    const { rerender, unmount, getByTestId } = render(
      <>
        <Heading />
        <Page parts={['이슈', undefined]} />
      </>,
    );
    expect(document.title).toBe('이슈 · Momentum');
    expect(getByTestId('heading')).toHaveTextContent('이슈');

    // The team's name arrives: the title follows.
    rerender(
      <>
        <Heading />
        <Page parts={['이슈', '개발팀']} />
      </>,
    );
    expect(document.title).toBe('이슈 · 개발팀 · Momentum');

    unmount();
    expect(document.title).toBe('Momentum');
  });

  it("keeps a section (설정) in the tab's title but shows the page's own name in the app bar", () => {
    const { getByTestId } = render(
      <>
        <Heading />
        <Page parts={[{ section: '설정' }, '멤버']} />
      </>,
    );
    expect(document.title).toBe('설정 · 멤버 · Momentum');
    expect(getByTestId('heading')).toHaveTextContent(/^멤버$/);
  });
});
