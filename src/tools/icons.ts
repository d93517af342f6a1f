/**
 * Tool icons, inline as SVG data URIs so that no client has to fetch anything (and none can be
 * tracked by fetching it): a page for tools that only read, a pen on a page for tools that write.
 */
import type { Icon } from '@modelcontextprotocol/server';

function svg(paths: string): Icon {
  const body = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#1a73e8" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;
  return {
    src: `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}`,
    mimeType: 'image/svg+xml',
    sizes: ['any'],
  };
}

const PAGE = '<path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z"/><path d="M14 2v6h6"/>';

export const TOOL_ICONS: Record<'read' | 'write', Icon[]> = {
  read: [svg(`${PAGE}<path d="M8 13h8M8 17h5"/>`)],
  write: [svg(`${PAGE}<path d="M10 18l6.5-6.5a1.4 1.4 0 0 0-2-2L8 16v2z"/>`)],
};
