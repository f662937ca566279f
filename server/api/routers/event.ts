import { listEventCatalogue, ListEventCatalogueInput } from "@/server/services/events/list-event-catalogue";
import { getDeliveryStatus } from "@/server/services/events/delivery-status";
import { getEvent, GetEventInput } from "@/server/services/events/get-event";
import { listEvents, ListEventsInput } from "@/server/services/events/list-events";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { EventListOutput, EventGetOutput, EventDeliveryOutput, EventCatalogueOutput } from "./outputs/event";

export const eventRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListEventsInput)
    .output(EventListOutput)
    .query(({ ctx, input }) => listEvents(ctx.svc, input)),
  get: protectedProcedure
    .input(GetEventInput)
    .output(EventGetOutput)
    .query(({ ctx, input }) => getEvent(ctx.svc, input)),
  /** Whether the organisation's events are reaching the bus, and how many wait. */
  delivery: protectedProcedure.output(EventDeliveryOutput).query(({ ctx }) => getDeliveryStatus(ctx.svc)),
  catalogue: protectedProcedure
    .input(ListEventCatalogueInput)
    .output(EventCatalogueOutput)
    .query(({ input }) => listEventCatalogue(input)),
});
