import { mailText, type MailContent } from "./enqueue-mail.ts";
import type { MailBrand, MailRenderer } from "./mail-renderer.ts";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A bare rendering (escaped paragraphs, a link, a code), for a process started without the app's layout (the
 * benchmark's bare server, domain tests). The app boots with components/mail's layout.
 */
export const plainRenderer: MailRenderer = (content: MailContent, brand?: MailBrand) => {
  const parts = [
    brand ? `<p>${escape(brand.name)}</p>` : "",
    ...content.paragraphs.map((p) => `<p>${escape(p)}</p>`),
    content.code ? `<p data-code="">${escape(content.code)}</p>` : "",
    content.action ? `<p><a href="${escape(content.action.url)}">${escape(content.action.label)}</a></p>` : "",
  ];
  return Promise.resolve({
    html: `<!DOCTYPE html><html><body>${parts.join("")}</body></html>`,
    text: mailText(content),
  });
};
