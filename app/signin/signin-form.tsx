"use client";

import { useActionState, useState } from "react";
import { TextField } from "@/app/components/ui/text-field";
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
      <TextField
        id="email"
        label="E-mail"
        name="email"
        type="email"
        autoComplete="username"
        required
        defaultValue={state.email}
        autoFocus
        error={errors.email}
        onChange={clear("email")}
      />
      <TextField
        id="password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        onChange={clear("password")}
      />
      <button className="btn btn-primary" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
