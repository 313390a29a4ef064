import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/layout/sandbox-banner";
import { getConfig } from "@/server/config";
import "./globals.css";

export const metadata: Metadata = {
  title: "Tokenrail",
  description: "Fiat-backed tokens: onboarding, IBANs, mint and redeem.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry the nonce of that response's Content-Security-Policy (C45).
  await connection();
  return (
    <html lang="en">
      <body>
        <SandboxBanner environment={getConfig().environment} />
        {children}
      </body>
    </html>
  );
}
