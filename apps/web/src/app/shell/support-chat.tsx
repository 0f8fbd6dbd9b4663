import { supportChatMessages as m } from '@kuku/domain';
import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyWithPreload } from '../../first-screen/lazy';
import classes from './support-chat.module.css';

// The panel (its links, the channels query, Mantine's buttons) is no part of the first screen:
// it loads when the pointer or focus heads for the button, or on the first open (decision 017).
const SupportChatPanel = lazyWithPreload(() => import('./support-chat-panel'), (mod) => mod.SupportChatPanel);

/**
 * docs/product.md §2 shell: the floating support chat button, bottom right of every signed-in screen. It
 * toggles a small non-modal panel that says support replies within the hour and offers
 * WhatsApp, a call and the contact form. Esc or the button closes it; focus goes into the
 * panel on open and back to the button on close.
 */
export function SupportChat() {
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so a second open needs no load (and keeps the channels).
  const [mounted, setMounted] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A link followed from the panel (or any navigation) leaves the panel behind.
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpened(false);
  }

  const open = () => {
    setMounted(true);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (opened) panelRef.current?.focus();
  }, [opened]);

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target;
      if (!(target instanceof Node) || !rootRef.current?.contains(target)) return;
      setOpened(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  return (
    <div ref={rootRef}>
      <section
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={m.chatTitle}
        tabIndex={-1}
        hidden={!opened}
        className={classes.panel}
      >
        {mounted ? (
          <Suspense fallback={<p className={classes.loading}>{m.chatReplies}</p>}>
            <SupportChatPanel opened={opened} onNavigate={() => setOpened(false)} />
          </Suspense>
        ) : null}
      </section>
      <button
        ref={buttonRef}
        type="button"
        className={classes.button}
        aria-label={opened ? m.chatClose : m.chatOpen}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={opened ? close : open}
        onPointerEnter={SupportChatPanel.preload}
        onFocus={SupportChatPanel.preload}
      >
        {opened ? <IconX size={26} aria-hidden="true" /> : <IconMessageCircle size={28} aria-hidden="true" />}
      </button>
    </div>
  );
}
