/**
 * The published schema: production's type and field names for what home-energy clients
 * send (ADR 0208). Served as SDL at /v1/graphql/schema.graphql.
 */
export const typeDefs = /* GraphQL */ `
  scalar GenericScalar
  "An ISO 8601 date and time with its offset, e.g. 2024-01-01T00:00:00+00:00 (also accepted: +0000, Z)."
  scalar DateTime
  "A calendar date, YYYY-MM-DD."
  scalar Date

  "Exactly one method: APIKey (an organisation's or a customer's), refreshToken, or email with password (a console user's login)."
  input ObtainJSONWebTokenInput {
    APIKey: String
    refreshToken: String
    email: String
    password: String
  }

  type ObtainKrakenJSONWebToken {
    "A JWT valid for 60 minutes; send it as 'Authorization: Token <token>'."
    token: String!
    "The token's decoded claims."
    payload: GenericScalar!
    "Valid for 7 days; single use (a refresh returns a new one)."
    refreshToken: String!
    "When the refresh token expires, as a Unix timestamp."
    refreshExpiresIn: Int!
  }

  "Who the token belongs to: a customer (an account user) or an organisation's key or console user."
  type AccountUserType {
    kind: String!
    organisationNumber: String!
    organisationName: String!
    email: String
    "A customer's accounts; empty for an organisation key or console user, which are not account users."
    accounts: [AccountType!]!
  }

  enum AccountStatus {
    ACTIVE
  }

  type AccountType {
    number: String
    status: AccountStatus
    "Integer pence, credit positive."
    balance: Int!
    "active: true only those in force now, false only those not; omitted: all."
    electricityAgreements(active: Boolean): [ElectricityAgreementType]
    gasAgreements(active: Boolean): [GasAgreementType]
    properties: [PropertyType]
  }

  type OccupancyPeriodType {
    effectiveFrom: DateTime
    effectiveTo: DateTime
  }

  type PropertyType {
    id: ID
    address: String
    postcode: String
    occupancyPeriods: [OccupancyPeriodType]
    electricityMeterPoints: [ElectricityMeterPointType]
    gasMeterPoints: [GasMeterPointType]
  }

  interface TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    "Pence a day including VAT, in force during the agreement (now for a current one)."
    standingCharge: Float
    preVatStandingCharge: Float
  }

  type StandardTariff implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    "Pence per kWh including VAT."
    unitRate: Float
    preVatUnitRate: Float
  }

  type DayNightTariff implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    dayRate: Float
    nightRate: Float
    preVatDayRate: Float
    preVatNightRate: Float
  }

  type ThreeRateTariff implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    dayRate: Float
    nightRate: Float
    offPeakRate: Float
    preVatDayRate: Float
    preVatNightRate: Float
    preVatOffPeakRate: Float
  }

  type UnitRate {
    validFrom: DateTime
    validTo: DateTime
    value: Float
    preVatValue: Float
  }

  type HalfHourlyTariff implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    "The unit-rate periods (pence per kWh) overlapping [from, to) within the agreement: by default today and tomorrow (London days); at most 31 days."
    unitRates(from: DateTime, to: DateTime): [UnitRate]
  }

  type PrepayTariff implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    unitRate: Float
    preVatUnitRate: Float
  }

  union ElectricityTariffType = StandardTariff | DayNightTariff | ThreeRateTariff | HalfHourlyTariff | PrepayTariff

  type GasTariffType implements TariffType {
    id: ID
    displayName: String
    fullName: String
    description: String
    productCode: String
    tariffCode: String
    standingCharge: Float
    preVatStandingCharge: Float
    unitRate: Float
    preVatUnitRate: Float
  }

  type ElectricityAgreementType {
    id: Int
    validFrom: DateTime
    validTo: DateTime
    isActive: Boolean
    tariff: ElectricityTariffType
    meterPoint: ElectricityMeterPointType
  }

  type GasAgreementType {
    id: Int
    validFrom: DateTime
    validTo: DateTime
    isActive: Boolean
    tariff: GasTariffType
    meterPoint: GasMeterPointType
  }

  enum ElectricityMeterPointDirection {
    IMPORT
    EXPORT
  }

  type ElectricityMeterPointType {
    id: ID
    mpan: String!
    direction: ElectricityMeterPointDirection
    "includeInactive: false leaves out meters removed before today."
    meters(includeInactive: Boolean): [ElectricityMeterType]
    "includeInactive: false (the default) leaves out agreements that ended."
    agreements(includeInactive: Boolean): [ElectricityAgreementType]
  }

  type GasMeterPointType {
    id: ID
    mprn: String!
    meters(includeInactive: Boolean): [GasMeterType]
    agreements(includeInactive: Boolean): [GasAgreementType]
  }

  "The meter's type, from the imported smart_type: S1 (SMETS1, enrolled or not), S2 (SMETS2); otherwise production's traditional types: K (key prepayment), H (half-hourly), N (non-half-hourly)."
  enum ElectricityMeterMeterType {
    S1
    S2
    H
    K
    N
  }

  "The gas meter's mechanism, from the imported smart_type: S1, S2; otherwise PP (prepayment) or CR (credit)."
  enum GasMeterMechanism {
    S1
    S2
    CR
    PP
  }

  type SmartMeterDeviceType {
    deviceId: String
    manufacturer: String
    model: String
    firmwareVersion: String
  }

  type ElectricityMeterType {
    id: ID
    serialNumber: String
    activeFrom: Date
    activeTo: Date
    makeAndType: String
    meterType: ElectricityMeterMeterType
    smartImportElectricityMeter: SmartMeterDeviceType
    smartExportElectricityMeter: SmartMeterDeviceType
    smartDevices: [SmartMeterDeviceType]
  }

  type GasMeterType {
    id: ID
    serialNumber: String
    activeFrom: Date
    activeTo: Date
    "m³ for a meter imported as SCMH, ft³ for SCFH."
    consumptionUnits: String
    modelName: String
    mechanism: GasMeterMechanism
    smartGasMeter: SmartMeterDeviceType
    smartDevices: [SmartMeterDeviceType]
  }

  enum TelemetryGrouping {
    TEN_SECONDS
    ONE_MINUTE
    FIVE_MINUTES
    HALF_HOURLY
  }

  type SmartMeterTelemetryType {
    readAt: DateTime
    "Cumulative register reading in Wh: not held by the platform, so null."
    consumption: Float
    "Wh in the half hour from readAt."
    consumptionDelta: Float
    "Instantaneous W: not held, so null."
    demand: Float
    export: Float
  }

  type OctoplusAccountInfoType {
    "Always false: the platform runs no loyalty scheme."
    isOctoplusEnrolled: Boolean
  }

  "A decimal number as a string, e.g. 24.57 (pence per kWh for a rate)."
  scalar Decimal

  type ApplicableRate {
    "Pence per kWh including VAT."
    value: Decimal
    validFrom: DateTime
    validTo: DateTime
  }

  type ApplicableRateConnectionTypeEdge {
    node: ApplicableRate
    cursor: String!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  "The unit rates that apply to an account's meter point over a period, oldest first."
  type ApplicableRateConnectionTypeConnection {
    pageInfo: PageInfo!
    edges: [ApplicableRateConnectionTypeEdge]!
    totalCount: Int!
    edgeCount: Int!
  }

  type Query {
    "Who the Authorization header's token belongs to."
    viewer: AccountUserType!
    account(accountNumber: String!): AccountType
    properties(accountNumber: String!): [PropertyType]
    "Half-hourly reads of the meter with this smart device id, from start (inclusive) to end (exclusive), at most 31 days."
    smartMeterTelemetry(deviceId: String!, grouping: TelemetryGrouping, start: DateTime, end: DateTime): [SmartMeterTelemetryType]
    octoplusAccountInfo(accountNumber: String!): OctoplusAccountInfoType
    "The unit rates of the agreements of one of the account's meter points over [startAt, endAt), at most 31 days, each cut to its agreement and the period (Relay paging with first/after, last/before)."
    applicableRates(accountNumber: String!, mpxn: String!, startAt: DateTime!, endAt: DateTime!, before: String, after: String, first: Int, last: Int): ApplicableRateConnectionTypeConnection
  }

  type Mutation {
    obtainKrakenToken(input: ObtainJSONWebTokenInput!): ObtainKrakenJSONWebToken
  }
`;

let published: string | undefined;
/** The SDL as served: the schema's own source, its indentation removed. */
export function publishedSdl(): string {
  published ??= `${typeDefs.replace(/^\n/, "").replace(/^ {2}/gm, "").trimEnd()}\n`;
  return published;
}
