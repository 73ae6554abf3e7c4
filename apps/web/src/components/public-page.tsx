import type { ReactNode } from 'react';
import { LanguageSelect } from './language-select';

/**
 * Frame of the pages reachable without a token: logo, language switch, one panel.
 * Plain elements rather than antd Card and Typography, which would pull Tabs, Skeleton and Tooltip into
 * the login page's first load.
 */
export function PublicPage({
  title,
  width = 440,
  children,
}: {
  title?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        minHeight: '100vh',
        background: '#f3f6f4',
        padding: '24px 16px',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <header
        style={{
          width: '100%',
          maxWidth: width,
          marginBottom: 16,
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <span style={{ fontSize: 24, fontWeight: 700, color: '#1f7a4d' }}>junkan</span>
        <LanguageSelect />
      </header>
      <main
        style={{
          width: '100%',
          maxWidth: width,
          background: '#fff',
          borderRadius: 8,
          border: '1px solid #f0f0f0',
          padding: 24,
        }}
      >
        {title && <h1 style={{ fontSize: 20, fontWeight: 600, marginTop: 0, marginBottom: 20 }}>{title}</h1>}
        {children}
      </main>
    </div>
  );
}
