import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallback } from "@/app/components/safe-callback";
import { Brand } from "@/app/components/ui/brand";
import { createRequestContext } from "@/server/api/context";
import { SignInForm } from "./signin-form";

export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, { cls: string; text: string }> = {
  expired: { cls: "alert-warn", text: "Your session has expired. Sign in again to carry on where you were." },
  "signed-out": { cls: "alert-ok", text: "You have signed out." },
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  const { user } = await createRequestContext();
  if (user) redirect(callbackUrl);
  const notice = params.reason ? NOTICES[params.reason] : undefined;
  return (
    <main className="auth-page">
      <section className="auth-hero" aria-hidden="true">
        <Brand tagline="Account migration console" />
        <div>
          <h2>Move every account across, and know what happened to each one.</h2>
          <p>Stage and import accounts, pause a cohort in one click, and follow every event the platform emits.</p>
        </div>
        <p className="small">Operators change things · Support reads everything</p>
      </section>
      <section className="auth-panel">
        <div className="auth-card">
          <h1>Sign in</h1>
          <p className="lead">Use the console account your team lead created for you.</p>
          {notice && (
            <div className={`alert ${notice.cls}`} role="status">
              {notice.text}
            </div>
          )}
          <SignInForm callbackUrl={callbackUrl} />
        </div>
      </section>
    </main>
  );
}
