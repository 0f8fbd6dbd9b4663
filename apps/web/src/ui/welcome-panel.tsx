import type { ReactNode } from 'react';
import classes from './welcome-panel.module.css';

interface WelcomePanelProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  text: string;
  /** The screen's main buttons. */
  children: ReactNode;
}

/** A record screen's welcome card (docs/product.md §2: Sales, Expenses, Inventory): its title, a line, its main buttons. */
export function WelcomePanel({ id, title, text, children }: WelcomePanelProps) {
  return (
    <section className={classes.welcome} aria-labelledby={id}>
      <div>
        <h2 className={classes.title} id={id}>
          {title}
        </h2>
        <p className={classes.text}>{text}</p>
      </div>
      <div className={classes.actions}>{children}</div>
    </section>
  );
}
