import { PermanentJobError } from "../../jobs/worker";
import { env } from "@/server/env.mjs";

export type RegistrationFlow = Record<string, unknown> & { flow_type: string; mpxn: string };

/**
 * Hands a registration flow to the industry gateway. REGISTRATION_GATEWAY_URL points at
 * the service that relays flows to the electricity and gas registration systems; without
 * it the flow stays recorded on the meter point as sent, for an operator export.
 * 2xx: accepted; 4xx: rejected for good; anything else is retried by the job.
 */
export async function sendFlow(flow: RegistrationFlow): Promise<{ gateway: string; reference: string | null }> {
  const url = env.REGISTRATION_GATEWAY_URL;
  if (!url) return { gateway: "recorded", reference: null };
  const res = await fetch(`${url.replace(/\/+$/, "")}/flows`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(env.REGISTRATION_GATEWAY_TOKEN ? { authorization: `Bearer ${env.REGISTRATION_GATEWAY_TOKEN}` } : {}),
    },
    body: JSON.stringify(flow),
    signal: AbortSignal.timeout(env.REGISTRATION_GATEWAY_TIMEOUT_MS),
  });
  const text = await res.text().catch(() => "");
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
    throw new PermanentJobError(
      `The registration gateway rejected the flow (HTTP ${res.status}): ${text.slice(0, 300)}`,
    );
  }
  if (!res.ok) throw new Error(`The registration gateway answered HTTP ${res.status}.`);
  let reference: string | null = null;
  try {
    reference = (JSON.parse(text) as { reference?: string }).reference ?? null;
  } catch {
    reference = null;
  }
  return { gateway: url, reference };
}
