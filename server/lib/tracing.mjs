// @ts-check
// OpenTelemetry traces (ADR 0044): the NodeSDK with the OTLP/HTTP exporter, started once per
// process and only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset, the SDK is never loaded and
// every helper here returns at its first line, so the hot paths pay one property read. Plain JS
// with JSDoc, as server/lib/metrics.mjs: `npm start`'s server traces requests without a build.
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { env, isSet } from "../env.mjs";

const KEY = Symbol.for("kraken-migrate.tracing");

/** @typedef {{ enabled: boolean, sdk?: { shutdown(): Promise<void> }, starting?: Promise<boolean> }} TracingState */

/** @returns {TracingState} */
function state() {
  const g = /** @type {Record<symbol, TracingState | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (g[KEY] ??= { enabled: false });
}

/** Whether this process exports spans (the SDK started). */
export function tracingEnabled() {
  return state().enabled;
}

/**
 * Starts the SDK once per process, with `serviceName` unless OTEL_SERVICE_NAME is set; false
 * (and nothing loaded) when OTEL_EXPORTER_OTLP_ENDPOINT is unset. Spans only: metrics are
 * Prometheus's (ADR 0043) and logs stay JSON lines, so the SDK's metric and log exporters are off.
 * @param {string} serviceName
 * @returns {Promise<boolean>}
 */
export function startTracing(serviceName) {
  const s = state();
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return Promise.resolve(false);
  s.starting ??= (async () => {
    const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
    ]);
    const sdk = new NodeSDK({
      serviceName: isSet("OTEL_SERVICE_NAME") ? env.OTEL_SERVICE_NAME : serviceName,
      traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` }),
      metricReaders: [],
      logRecordProcessors: [],
      instrumentations: [],
    });
    sdk.start();
    s.sdk = sdk;
    s.enabled = true;
    return true;
  })();
  return s.starting;
}

/** Exports the spans still buffered (the SDK batches them every few seconds). */
export async function flushTracing() {
  if (!state().enabled) return;
  const provider = /** @type {{ getDelegate?: () => { forceFlush?: () => Promise<void> } }} */ (
    trace.getTracerProvider()
  );
  await provider.getDelegate?.().forceFlush?.();
}

/** Flushes and stops the SDK (at process exit: the CLI, the relay, the server's shutdown). */
export async function stopTracing() {
  const s = state();
  if (!s.enabled || !s.sdk) return;
  s.enabled = false;
  await s.sdk.shutdown().catch(() => {});
}

/** The tracer every span of the app is made with. */
export const tracer = () => trace.getTracer("kraken-migrate");

/**
 * Runs `fn` inside a span when tracing is on (else just runs it): the span ends when the
 * promise settles, with the error recorded when it rejects.
 * @template T
 * @param {string} name
 * @param {import("@opentelemetry/api").SpanOptions} options
 * @param {(span?: import("@opentelemetry/api").Span) => Promise<T>} fn given the span, when there is one
 * @param {import("@opentelemetry/api").Context} [parent]
 * @returns {Promise<T>}
 */
export function inSpan(name, options, fn, parent) {
  if (!state().enabled) return fn();
  return tracer().startActiveSpan(name, options, parent ?? context.active(), (span) => {
    /** @param {unknown} err */
    const fail = (err) => {
      span.recordException(/** @type {Error} */ (err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    };
    try {
      return fn(span).then((value) => {
        span.end();
        return value;
      }, fail);
    } catch (err) {
      return fail(err);
    }
  });
}

/**
 * The W3C trace context of the active span, for an event row (CloudEvents distributed-tracing
 * extension); undefined when tracing is off or nothing is being traced.
 * @returns {{ traceparent: string, tracestate?: string } | undefined}
 */
export function activeTraceContext() {
  if (!state().enabled) return undefined;
  /** @type {Record<string, string>} */
  const carrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent
    ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) }
    : undefined;
}

/**
 * The context a stored `traceparent` (and `tracestate`) stands for, to continue that trace.
 * @param {string | null | undefined} traceparent @param {string | null | undefined} [tracestate]
 */
export function traceContextOf(traceparent, tracestate) {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), tracestate ? { traceparent, tracestate } : { traceparent });
}

export { context, propagation, SpanKind, SpanStatusCode, trace };
