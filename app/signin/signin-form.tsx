"use client";

import { useActionState, useState } from "react";
import { type SignInState, signInAction } from "./actions";
import { hasErrors, type SignInFieldErrors, signInFieldErrors } from "./validate";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, { error: null, email: "" });
  // Checked here first, so an empty form never goes to the server; the server checks again.
  const [local, setLocal] = useState<SignInFieldErrors | null>(null);
  const errors = local ?? state.fieldErrors ?? {};
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const found = signInFieldErrors(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    setLocal(found);
    if (!hasErrors(found)) return;
    e.preventDefault();
    e.currentTarget.querySelector<HTMLInputElement>(found.email ? "#email" : "#password")?.focus();
  };
  const clear = (field: keyof SignInFieldErrors) => () => errors[field] && setLocal({ ...errors, [field]: undefined });
  return (
    <form action={action} onSubmit={onSubmit} noValidate>
      {state.error && !hasErrors(errors) && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
          onChange={clear("email")}
        />
        {errors.email && (
          <span className="error" id="email-error">
            {errors.email}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
          onChange={clear("password")}
        />
        {errors.password && (
          <span className="error" id="password-error">
            {errors.password}
          </span>
        )}
      </div>
      <button className="btn btn-primary" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
