import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { renderMail } from "./render-mail.tsx";

describe("the mail layout", () => {
  it("renders paragraphs, the action as a button and the integrator's name and logo, in HTML and text", async () => {
    const { html, text } = await renderMail(
      {
        subject: "Set your password",
        paragraphs: ["Acme created an account for you.", "It works <once>."],
        action: { label: "Set your password", url: "https://app.example/set-password?token=a&b=c" },
      },
      { name: "Acme Wallet", logoUrl: "https://app.example/applications/1/logo?v=2" },
    );
    assert.match(html, /<img[^>]+src="https:\/\/app\.example\/applications\/1\/logo\?v=2"/);
    assert.match(html, /Acme Wallet · with Tokenrail/);
    assert.match(html, /href="https:\/\/app\.example\/set-password\?token=a&amp;b=c"/);
    assert.match(html, /It works &lt;once&gt;\./);
    assert.doesNotMatch(html, /<script/i);
    assert.match(text, /Acme created an account for you\./);
    assert.match(text, /https:\/\/app\.example\/set-password\?token=a&b=c/);
    assert.doesNotMatch(text, /<p/);
  });

  it("shows a code large, and only Tokenrail's name without an integrator", async () => {
    const { html, text } = await renderMail({ subject: "Your code", paragraphs: ["Type this code."], code: "482913" });
    assert.match(html, /data-code=""[^>]*>482913</);
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /with Tokenrail/);
    assert.match(text, /482913/);
  });
});
