import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { Modal } from './Modal';

const i18n = createTestI18n('en');

function Harness({ closable = true, onClose = vi.fn() }: { closable?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <div id="root">
        <button onClick={() => setOpen(true)}>open</button>
      </div>
      {open && (
        <Modal
          title="Sign in"
          onClose={
            closable
              ? () => {
                  onClose();
                  setOpen(false);
                }
              : undefined
          }
        >
          <input aria-label="login" />
          <button>submit</button>
        </Modal>
      )}
    </I18nextProvider>
  );
}

/**
 * A dropdown whose link opens the modal and goes with the dropdown (as the account menu's
 * links do); `marked` puts the focus-return mark on the dropdown's button.
 */
function DropdownHarness({ marked }: { marked: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <div id="root">
        <header>
          <button aria-expanded={menuOpen} onClick={() => setMenuOpen((v) => !v)} data-focus-return={marked ? '' : undefined}>
            menu
          </button>
          {menuOpen && (
            <button
              onClick={() => {
                setMenuOpen(false);
                setModalOpen(true);
              }}
            >
              settings
            </button>
          )}
        </header>
        <main>
          <h1>Home</h1>
        </main>
      </div>
      {modalOpen && (
        <Modal title="Settings" onClose={() => setModalOpen(false)}>
          <button>save</button>
        </Modal>
      )}
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('Modal', () => {
  it('is a labelled dialog that takes focus and gives it back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveProperty('ariaModal', 'true');
    expect(document.activeElement).toBe(screen.getByLabelText('login'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('traps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.tab(); // -> submit
    await user.tab(); // -> close
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab(); // wraps to the first control
    expect(document.activeElement).toBe(screen.getByLabelText('login'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on an overlay click but not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByLabelText('login'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed without onClose (auth-only mode)', async () => {
    const user = userEvent.setup();
    render(<Harness closable={false} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('plays the closing transition on an unreachable copy, focus already back', async () => {
    document.documentElement.style.setProperty('--duration-modal', '300ms');
    try {
      const user = userEvent.setup();
      render(<Harness />);
      const opener = screen.getByRole('button', { name: 'open' });
      await user.click(opener);
      await user.keyboard('{Escape}');
      await act(async () => {
        await Promise.resolve();
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      const copy = document.body.querySelector<HTMLElement>('[aria-hidden="true"][inert]');
      expect(copy).not.toBeNull();
      expect(copy!.querySelector('[role="dialog"], [id]')).toBeNull();
      await act(() => new Promise((r) => setTimeout(r, 350)));
      expect(copy!.isConnected).toBe(false);
    } finally {
      document.documentElement.style.removeProperty('--duration-modal');
    }
  });

  describe('when the opener is gone on close', () => {
    it('gives the focus to the marked control (the account menu button)', async () => {
      const user = userEvent.setup();
      render(<DropdownHarness marked />);
      await user.click(screen.getByRole('button', { name: 'menu' }));
      await user.click(screen.getByRole('button', { name: 'settings' }));
      expect(screen.queryByRole('button', { name: 'settings' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'save' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'menu' }));
    });

    it('else gives it to the first heading of the main landmark, not the body', async () => {
      const user = userEvent.setup();
      render(<DropdownHarness marked={false} />);
      await user.click(screen.getByRole('button', { name: 'menu' }));
      await user.click(screen.getByRole('button', { name: 'settings' }));
      await user.keyboard('{Escape}');
      const heading = screen.getByRole('heading', { name: 'Home' });
      expect(document.activeElement).toBe(heading);
      expect(heading.getAttribute('tabindex')).toBe('-1');
    });
  });
});
