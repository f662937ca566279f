import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { SessionMeOutput } from "./outputs/session";

export const sessionRouter = createTRPCRouter({
  me: protectedProcedure
    .input(z.strictObject({}))
    .output(SessionMeOutput)
    .query(({ ctx }) => ctx.user),
});
