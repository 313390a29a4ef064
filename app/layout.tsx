import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/layout/sandbox-banner";
import { getConfig } from "@/server/config";
import "./globals.css";

export const metadata: Metadata = {
  title: "Tokenrail",
  description: "Fiat-backed tokens: onboarding, IBANs, mint and redeem.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SandboxBanner environment={getConfig().environment} />
        {children}
      </body>
    </html>
  );
}
