import type { CSSProperties, ReactNode } from 'react';

export interface CardProps {
  /** Names the card: its heading, and the section's accessible name. */
  heading: ReactNode;
  headingId: string;
  className?: string;
  /** Attributes the card's section carries besides (e.g. `data-group`). */
  data?: Record<`data-${string}`, string>;
  style?: CSSProperties;
  children?: ReactNode;
}

/** §2 "Other widgets": a card, a titled section with its own surface, named by its heading. */
export function Card({ heading, headingId, className, data, style, children }: CardProps) {
  return (
    <section
      className={className ? `ph-card ${className}` : 'ph-card'}
      aria-labelledby={headingId}
      style={style}
      {...data}
    >
      <h2 id={headingId} className="ph-card-title">
        {heading}
      </h2>
      {children}
    </section>
  );
}
