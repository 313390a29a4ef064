import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";
import type { MailContent } from "@/server/mail/enqueue-mail";
import type { MailBrand } from "@/server/mail/mail-renderer";

const ink = "#1b1f2a";
const accent = "#2348c7";
const muted = "#5b6372";

/**
 * The one layout of every mail: who it is from (the integrator's logo and name when the mail is sent for one, with
 * Tokenrail beneath), the subject as heading, the paragraphs, and at most one button or one large code.
 */
export function MailLayout({ content, brand }: { content: MailContent; brand?: MailBrand }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.paragraphs[0] ?? content.subject}</Preview>
      <Body style={{ backgroundColor: "#f4f5f8", color: ink, fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", margin: "24px auto", maxWidth: "560px", padding: "32px" }}>
          <Section>
            {brand?.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.name} height="40" style={{ marginBottom: "8px" }} />
            ) : null}
            <Text style={{ color: muted, fontSize: "14px", margin: 0 }}>
              {brand ? `${brand.name} · with Tokenrail` : "Tokenrail"}
            </Text>
          </Section>
          <Heading as="h1" style={{ fontSize: "22px", margin: "24px 0 16px" }}>
            {content.subject}
          </Heading>
          {content.paragraphs.map((paragraph, i) => (
            <Text key={i} style={{ fontSize: "16px", lineHeight: "24px" }}>
              {paragraph}
            </Text>
          ))}
          {content.code ? (
            <Text
              style={{ fontFamily: "monospace", fontSize: "32px", fontWeight: "bold", letterSpacing: "6px" }}
              data-code=""
            >
              {content.code}
            </Text>
          ) : null}
          {content.action ? (
            <Section style={{ margin: "24px 0" }}>
              <Button
                href={content.action.url}
                style={{ backgroundColor: accent, borderRadius: "6px", color: "#ffffff", padding: "12px 20px" }}
              >
                {content.action.label}
              </Button>
              <Text style={{ color: muted, fontSize: "13px" }}>Or open this link: {content.action.url}</Text>
            </Section>
          ) : null}
          <Hr />
          <Text style={{ color: muted, fontSize: "12px" }}>
            You receive this mail because of an account with {brand ? brand.name : "Tokenrail"}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
