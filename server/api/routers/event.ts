import { listEventCatalogue, ListEventCatalogueInput } from "@/server/services/console/list-event-catalogue";
import { getEvent, GetEventInput } from "@/server/services/events/get-event";
import { listEvents, ListEventsInput } from "@/server/services/events/list-events";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const eventRouter = createTRPCRouter({
  list: protectedProcedure.input(ListEventsInput).query(({ ctx, input }) => listEvents(ctx.svc, input)),
  get: protectedProcedure.input(GetEventInput).query(({ ctx, input }) => getEvent(ctx.svc, input)),
  catalogue: protectedProcedure.input(ListEventCatalogueInput).query(({ input }) => listEventCatalogue(input)),
});
