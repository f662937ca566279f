import { HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { env } from "@/server/env.mjs";

let client: S3Client | undefined;
let clientKey = "";

/**
 * One S3 client per configuration. S3_ENDPOINT points at any S3-compatible store
 * (path-style by default when set); credentials come from the usual AWS variables.
 */
export function s3Client(): S3Client {
  const endpoint = env.S3_ENDPOINT;
  const region = env.S3_REGION ?? env.AWS_REGION ?? "eu-west-2";
  const key = `${endpoint}|${region}`;
  if (client && key === clientKey) return client;
  client = new S3Client({
    region,
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(endpoint),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
  });
  clientKey = key;
  return client;
}

export async function s3ObjectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if (
      err instanceof S3ServiceException &&
      (err.$metadata.httpStatusCode === 404 || err.name === "NotFound" || err.name === "NoSuchKey")
    )
      return false;
    throw err;
  }
}
