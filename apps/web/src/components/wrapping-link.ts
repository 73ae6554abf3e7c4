import type { CSSProperties } from 'react';

/**
 * A link button showing a file name: it wraps rather than widening a phone's page (antd buttons do not wrap,
 * and generated documents have long names).
 */
export const WRAPPING_LINK_STYLE: CSSProperties = {
  whiteSpace: 'normal',
  height: 'auto',
  textAlign: 'start',
  overflowWrap: 'anywhere',
};
