import { render } from "@react-email/components";
import type { MailContent } from "@/server/mail/enqueue-mail";
import type { MailBrand, MailRenderer } from "@/server/mail/mail-renderer";
import { MailLayout } from "./mail-layout";

/** Every mail through the one layout, as HTML and as plain text (the mail worker sends both). */
export const renderMail: MailRenderer = async (content: MailContent, brand?: MailBrand) => {
  const element = <MailLayout content={content} brand={brand} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
};
