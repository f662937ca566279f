"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/server/auth/config";
import { safeCallback } from "@/app/components/safe-callback";
import { hasErrors, type SignInFieldErrors, signInFieldErrors } from "./validate";

export type SignInState = { error: string | null; email: string; fieldErrors?: SignInFieldErrors };

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  // An incomplete form is not an attempt: it never reaches Auth.js or the failed-attempt limit.
  const fieldErrors = signInFieldErrors(email, password);
  if (hasErrors(fieldErrors)) return { error: null, email, fieldErrors };
  try {
    await signIn("credentials", {
      email,
      password,
      redirectTo: safeCallback(String(form.get("callbackUrl") ?? "")),
    });
    return { error: null, email };
  } catch (err) {
    // signIn redirects by throwing; only Auth.js's own errors mean the credentials were refused.
    if (err instanceof AuthError) {
      const limited = err instanceof CredentialsSignin && err.code === "rate_limited";
      const error = limited
        ? "Too many failed attempts for this account or network. Wait 15 minutes, then try again."
        : err.type === "CredentialsSignin"
          ? "That e-mail and password do not match an account. Check them and try again."
          : "Sign-in failed. Try again in a moment.";
      return { error, email };
    }
    throw err;
  }
}

export async function signOutAction() {
  await signOut({ redirectTo: "/signin?reason=signed-out" });
}
