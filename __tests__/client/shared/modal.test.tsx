import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../src/app/theme';
import { Modal, type ModalProps } from '../../../src/shared/ui/Modal';

/* The shared modal: a named dialog on an overlay, Escape, overlay clicks, focus trap. */

const NAVY = 'rgb(19, 38, 80)';
const RED = 'rgb(212, 66, 66)';

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
