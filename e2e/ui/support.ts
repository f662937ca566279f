export { accountBody, asOperator, asSupport, expect, londonDate, test, unique } from "../fixtures";
export { PASSWORD as PASSWORD_FOR_TESTS } from "../global-setup";
export { uploadJob, waitForJob } from "./jobs";
