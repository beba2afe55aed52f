import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../src/app/theme';
import { goBackAndReload } from '../../../src/shared/lib/browser';
import { AppErrorBoundary } from '../../../src/shared/ui/AppErrorBoundary';
import { ErrorScreen } from '../../../src/shared/ui/ErrorScreen';
import { statusOfRouteError } from '../../../src/shared/ui/RouteErrorScreen';

jest.mock('../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../src/shared/lib/browser'),
  goBackAndReload: jest.fn(),
}));

const renderThemed = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('ErrorScreen', () => {
  it.each([
    [400, '400 Error', '잘못된 요청입니다.'],
    [401, '401 Error', '인증되지 않은 사용자입니다.'],
    [403, '403 Error', '접근이 거부되었습니다.'],
    [404, '404 Error', '요청한 리소스를 찾을 수 없습니다.'],
    [500, '500 Error', '서버 오류가 발생했습니다.'],
    [502, '502 Error', '알 수 없는 오류가 발생했습니다.'],
    [undefined, 'Error', '알 수 없는 오류가 발생했습니다.'],
  ])('status %s → "%s" and "%s"', (status, heading, message) => {
    renderThemed(<ErrorScreen status={status} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    const paragraph = screen.getByText(message, { exact: false });
    expect(paragraph).toHaveTextContent(`${message} 잠시 후 다시 시도해 주세요!`);
    expect(screen.getByRole('button', { name: '돌아가기' })).toBeInTheDocument();
  });

  it('"돌아가기" resets, then goes back and reloads', async () => {
    const onReset = jest.fn();
    renderThemed(<ErrorScreen status={500} onReset={onReset} />);
    await userEvent.click(screen.getByRole('button', { name: '돌아가기' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(goBackAndReload).toHaveBeenCalledTimes(1);
  });

  it('AppErrorBoundary shows the error screen with the error status, or the fallback status', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Throws = ({ error }: { error: unknown }) => {
      throw error;
    };
    const { unmount } = renderThemed(
      <AppErrorBoundary fallbackStatus={500}>
        <Throws error={{ status: 403, data: null }} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('403 Error');
    unmount();
    renderThemed(
      <AppErrorBoundary fallbackStatus={500}>
        <Throws error={new Error('render failed')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('500 Error');
    jest.restoreAllMocks();
  });

  it('maps router and RTK Query errors to a status', () => {
    expect(statusOfRouteError({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe(404);
    expect(statusOfRouteError({ status: 403, data: { code: 'COMMON403' } }, 500)).toBe(403);
    expect(
      statusOfRouteError({ status: 'PARSING_ERROR', originalStatus: 502, data: '', error: '' }, 500),
    ).toBe(502);
    expect(statusOfRouteError(new Error('x'), 500)).toBe(500);
    expect(statusOfRouteError(new Error('x'))).toBeUndefined();
  });
});
