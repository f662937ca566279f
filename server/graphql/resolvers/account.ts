import type { Meter } from "@/db/schema";
import type {
  AccountGraph,
  GraphAgreement,
  GraphMeterPoint,
  GraphProperty,
  GraphTariff,
} from "../../services/account-graph/load-account-graph";

type MeterPointNode = { p: GraphMeterPoint; g: AccountGraph };
type AgreementNode = { a: GraphAgreement; p: GraphMeterPoint; g: AccountGraph };
type MeterNode = { m: Meter; p: GraphMeterPoint; g: AccountGraph };
type PropertyNode = { property: GraphProperty; g: AccountGraph };

const num = (s: string | null) => (s === null ? null : Number(s));
const agreementNodes = (g: AccountGraph, fuel: "electricity" | "gas", active: boolean | null | undefined) =>
  g.meterPoints
    .filter((p) => p.fuel === fuel)
    .flatMap((p) => p.agreements.map((a) => ({ a, p, g })))
    .filter(({ a }) => active == null || a.active === active);
const notEnded = (a: GraphAgreement) => a.validTo === null || Date.parse(a.validTo) > Date.now();
/** The meter's smart device: its id as imported, what the organisation's inventory says of it (null fields until it is loaded). */
const device = ({ m, g }: MeterNode) => {
  if (!m.smart_device_id) return null;
  const known = g.devices.get(m.smart_device_id);
  return {
    deviceId: m.smart_device_id,
    manufacturer: known?.manufacturer ?? null,
    model: known?.model ?? null,
    firmwareVersion: known?.firmwareVersion ?? null,
  };
};
// smart_type as imported: SMETS1 (enrolled or not) is S1, SMETS2 is S2 (ADR 0213).
const smartMechanism = (m: Meter) =>
  m.smart_type?.startsWith("SMETS1") ? "S1" : m.smart_type === "SMETS2" ? "S2" : null;
/** Production's traditional electricity meter types otherwise: K (key prepayment), H (half-hourly measurement class), N (non-half-hourly). */
const electricityMeterType = ({ m, p }: MeterNode) =>
  smartMechanism(m) ?? (m.is_prepay ? "K" : p.measurementClass && "CEFG".includes(p.measurementClass) ? "H" : "N");
/** Production's traditional gas mechanisms otherwise: PP (prepayment) or CR (credit). */
const gasMechanism = ({ m }: MeterNode) => smartMechanism(m) ?? (m.is_prepay ? "PP" : "CR");
const UNITS: Record<string, string> = { SCMH: "m³", SCFH: "ft³" };

export const tariffFields = {
  id: () => null,
  displayName: (t: GraphTariff) => t.displayName,
  fullName: (t: GraphTariff) => t.fullName,
  description: (t: GraphTariff) => t.description,
  productCode: (t: GraphTariff) => t.productCode,
  tariffCode: (t: GraphTariff) => t.tariffCode,
  standingCharge: (t: GraphTariff) => num(t.standingCharge),
  preVatStandingCharge: (t: GraphTariff) => num(t.preVat.standingCharge),
};
const singleRate = {
  ...tariffFields,
  unitRate: (t: GraphTariff) => num(t.unitRate),
  preVatUnitRate: (t: GraphTariff) => num(t.preVat.unitRate),
};

const meterPointFields = {
  id: ({ p }: MeterPointNode) => p.id,
  meters: ({ p, g }: MeterPointNode, args: { includeInactive?: boolean | null }) =>
    p.meters
      .filter((m) => args.includeInactive === true || !m.removed_on || m.removed_on > g.today)
      .map((m) => ({ m, p, g })),
  agreements: ({ p, g }: MeterPointNode, args: { includeInactive?: boolean | null }) =>
    p.agreements.filter((a) => args.includeInactive === true || notEnded(a)).map((a) => ({ a, p, g })),
};
const agreementFields = {
  id: ({ a }: AgreementNode) => a.id,
  validFrom: ({ a }: AgreementNode) => a.validFrom,
  validTo: ({ a }: AgreementNode) => a.validTo,
  isActive: ({ a }: AgreementNode) => a.active,
  tariff: ({ a }: AgreementNode) => a.tariff,
  meterPoint: ({ p, g }: AgreementNode) => ({ p, g }),
};
const meterFields = {
  id: () => null,
  serialNumber: ({ m }: MeterNode) => m.serial_number,
  activeFrom: ({ m }: MeterNode) => m.installed_on ?? null,
  activeTo: ({ m }: MeterNode) => m.removed_on ?? null,
  smartDevices: (node: MeterNode) => (device(node) ? [device(node)] : []),
};
// No tariff in the catalogue has three registers, so ThreeRateTariff (in production's union) is never answered.
const tariffType = (t: GraphTariff) =>
  t.fuel === "gas"
    ? "GasTariffType"
    : t.isPrepay
      ? "PrepayTariff"
      : t.registers === 2
        ? "DayNightTariff"
        : t.halfHourly
          ? "HalfHourlyTariff"
          : "StandardTariff";

/** Field resolvers over one loaded AccountGraph: no field reads the database. */
export const accountResolvers = {
  AccountType: {
    number: (g: AccountGraph) => g.number,
    status: () => "ACTIVE",
    balance: (g: AccountGraph) => g.balance,
    electricityAgreements: (g: AccountGraph, args: { active?: boolean | null }) =>
      agreementNodes(g, "electricity", args.active),
    gasAgreements: (g: AccountGraph, args: { active?: boolean | null }) => agreementNodes(g, "gas", args.active),
    properties: (g: AccountGraph) => g.properties.map((property) => ({ property, g })),
  },
  PropertyType: {
    id: ({ property }: PropertyNode) => property.id,
    address: ({ property }: PropertyNode) => property.address,
    postcode: ({ property }: PropertyNode) => property.postcode,
    occupancyPeriods: ({ property }: PropertyNode) => [
      { effectiveFrom: property.movedInAt, effectiveTo: property.movedOutAt },
    ],
    electricityMeterPoints: ({ property, g }: PropertyNode) =>
      g.meterPoints.filter((p) => p.propertyId === property.id && p.fuel === "electricity").map((p) => ({ p, g })),
    gasMeterPoints: ({ property, g }: PropertyNode) =>
      g.meterPoints.filter((p) => p.propertyId === property.id && p.fuel === "gas").map((p) => ({ p, g })),
  },
  ElectricityAgreementType: agreementFields,
  GasAgreementType: agreementFields,
  ElectricityMeterPointType: {
    ...meterPointFields,
    mpan: ({ p }: MeterPointNode) => p.mpxn,
    direction: ({ p }: MeterPointNode) => (p.isExport ? "EXPORT" : "IMPORT"),
  },
  GasMeterPointType: { ...meterPointFields, mprn: ({ p }: MeterPointNode) => p.mpxn },
  ElectricityMeterType: {
    ...meterFields,
    makeAndType: ({ m, g }: MeterNode) => {
      const known = m.smart_device_id ? g.devices.get(m.smart_device_id) : undefined;
      return known ? `${known.manufacturer} ${known.model}` : null;
    },
    meterType: electricityMeterType,
    smartImportElectricityMeter: (node: MeterNode) => (node.p.isExport ? null : device(node)),
    smartExportElectricityMeter: (node: MeterNode) => (node.p.isExport ? device(node) : null),
  },
  GasMeterType: {
    ...meterFields,
    consumptionUnits: ({ m }: MeterNode) => (m.units_of_measure ? (UNITS[m.units_of_measure] ?? null) : null),
    modelName: ({ m, g }: MeterNode) => (m.smart_device_id ? (g.devices.get(m.smart_device_id)?.model ?? null) : null),
    mechanism: gasMechanism,
    smartGasMeter: device,
  },
  ElectricityTariffType: { __resolveType: tariffType },
  TariffType: { __resolveType: tariffType },
  StandardTariff: singleRate,
  PrepayTariff: singleRate,
  GasTariffType: singleRate,
  DayNightTariff: {
    ...tariffFields,
    dayRate: (t: GraphTariff) => num(t.dayRate),
    nightRate: (t: GraphTariff) => num(t.nightRate),
    preVatDayRate: (t: GraphTariff) => num(t.preVat.dayRate),
    preVatNightRate: (t: GraphTariff) => num(t.preVat.nightRate),
  },
};
