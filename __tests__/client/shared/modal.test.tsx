import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../src/app/theme';
import { Modal, type ModalProps } from '../../../src/shared/ui/Modal';

/* The shared modal: a named dialog on an overlay, Escape, overlay clicks, focus trap. */

const NAVY = 'rgb(19, 38, 80)';
const RED = 'rgb(196, 61, 61)';

function renderModal(props: Partial<ModalProps> = {}) {
  const onClose = jest.fn();
  const onAction = jest.fn();
  render(
    <ThemeProvider theme={theme}>
      <button type="button">behind</button>
      <Modal open onClose={onClose} onAction={onAction} {...props}>
        <input aria-label="field" />
      </Modal>
    </ThemeProvider>,
  );
  return { onClose, onAction, dialog: screen.getByRole('dialog') };
}

const overlay = () => document.querySelector('.MuiBackdrop-root') as HTMLElement;

describe('Modal', () => {
  it('is a modal dialog named by its title (default 알림) with a navy 확인 button', () => {
    const { dialog, onAction } = renderModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog', { name: '알림' })).toBe(dialog);
    const button = screen.getByRole('button', { name: '확인' });
    expect(button).toHaveStyle({ backgroundColor: NAVY });
    fireEvent.click(button);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveStyle({ width: '36rem', padding: '2.4rem', borderRadius: '0.8rem' });
    expect(overlay()).toHaveStyle({ backgroundColor: 'rgba(0, 0, 0, 0.66)' });
  });

  it('renders a red action, a custom title and a wider panel', () => {
    const { dialog } = renderModal({
      title: '로그아웃',
      actionLabel: '로그아웃',
      actionTone: 'red',
      width: '42.6rem',
    });
    expect(screen.getByRole('dialog', { name: '로그아웃' })).toBe(dialog);
    expect(screen.getByRole('button', { name: '로그아웃' })).toHaveStyle({ backgroundColor: RED });
    expect(dialog).toHaveStyle({ width: '42.6rem' });
  });

  it('closes on Escape and on an overlay click', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(overlay());
    fireEvent.click(overlay());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('ignores overlay clicks when told to; the X still closes it', () => {
    const first = renderModal({ closeOnOverlayClick: false, closeButton: true });
    fireEvent.mouseDown(overlay());
    fireEvent.click(overlay());
    expect(first.onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '창 닫기' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
  });

  it('while locked, neither Escape, the overlay nor the X close it', () => {
    const { onClose } = renderModal({ locked: true, closeButton: true });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.mouseDown(overlay());
    fireEvent.click(overlay());
    expect(screen.getByRole('button', { name: '창 닫기' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('moves focus into the dialog and keeps Tab inside it', async () => {
    const user = userEvent.setup();
    const { dialog } = renderModal({ closeButton: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(screen.getByRole('button', { name: 'behind', hidden: true })).not.toHaveFocus();
  });
});

describe('Modal: confirm dialogs, focus return and the phone sheet', () => {
  afterEach(() => jest.useRealTimers());

  it('a confirm dialog (onAction) has 취소, which closes it without acting', async () => {
    const user = userEvent.setup();
    const { onClose, onAction } = renderModal({ actionLabel: '삭제', actionTone: 'red' });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['취소', '삭제']);
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('취소 can be left out, is absent with custom actions, and is disabled while locked', () => {
    const first = render(
      <ThemeProvider theme={theme}>
        <Modal open onClose={jest.fn()} onAction={jest.fn()} cancelLabel={null} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('button', { name: '취소' })).not.toBeInTheDocument();
    first.unmount();
    const second = render(
      <ThemeProvider theme={theme}>
        <Modal open onClose={jest.fn()} actions={<button type="button">닫기</button>} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('button', { name: '취소' })).not.toBeInTheDocument();
    second.unmount();
    renderModal({ locked: true });
    expect(screen.getByRole('button', { name: '취소' })).toBeDisabled();
  });

  function Opener({ unmountOnClose }: { unmountOnClose?: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <ThemeProvider theme={theme}>
        <button type="button">other</button>
        <button type="button" onClick={() => setOpen(true)}>
          열기
        </button>
        {(!unmountOnClose || open) && (
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            onAction={() => setOpen(false)}
            title="확인할까요"
          />
        )}
      </ThemeProvider>
    );
  }

  it.each([
    ['closed with Escape', false, 'escape'],
    ['closed with 취소', false, 'cancel'],
    ['unmounted by its owner after 취소', true, 'cancel'],
    ['closed with the action', false, 'action'],
  ] as const)('focus returns to the opener when %s', async (_name, unmountOnClose, how) => {
    const user = userEvent.setup();
    render(<Opener unmountOnClose={unmountOnClose} />);
    const opener = screen.getByRole('button', { name: '열기' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '확인할까요' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    if (how === 'escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: how === 'cancel' ? '취소' : '확인' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('on a touch screen, where a tapped button takes no focus, the tapped opener gets the focus back', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '열기' });
    expect(document.body).toHaveFocus();
    fireEvent.pointerDown(opener);
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '확인할까요' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('on a phone (< 600 px) the panel is a full-screen sheet', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
      media: query,
    })) as typeof window.matchMedia;
    try {
      const { dialog } = renderModal();
      expect(dialog).toHaveAttribute('data-fullscreen');
    } finally {
      window.matchMedia = original;
    }
  });

  it('on a desktop the panel keeps its width (no sheet)', () => {
    const { dialog } = renderModal();
    expect(dialog).not.toHaveAttribute('data-fullscreen');
  });
});
