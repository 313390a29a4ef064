import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./demo.css";

export const metadata: Metadata = { title: "Demo integrator · Tokenrail" };

/** The built-in demo integrator: a client application of its own, outside the console. */
export default function DemoLayout({ children }: { children: ReactNode }) {
  return children;
}
