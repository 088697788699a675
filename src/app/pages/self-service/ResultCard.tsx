import type { ReactNode } from 'react';

/** The white card a self-service result sits on, as wide as the not-open page. */
export function ResultCard({ children }: { readonly children: ReactNode }) {
  return (
    <div style={{ width: 420, maxWidth: '100%', background: '#fff', borderRadius: 8 }}>
      {children}
    </div>
  );
}
