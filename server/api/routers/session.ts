import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const sessionRouter = createTRPCRouter({
  me: protectedProcedure.input(z.strictObject({})).query(({ ctx }) => ctx.user),
});
