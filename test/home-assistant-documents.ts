/**
 * The GraphQL documents the Home Assistant Octopus Energy integration sends, copied verbatim
 * (as Python str.format templates: `{{`/`}}` are literal braces, `{name}` a value it fills in)
 * from BottlecapDave/HomeAssistant-OctopusEnergy,
 * custom_components/octopus_energy/api_client/__init__.py at commit
 * 4c25c7260ae26954eaebc16664797475c0523767. Test fixtures only.
 */

/** Python's str.format for these templates: the document exactly as the integration posts it. */
export function pyFormat(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name?: string) =>
    m === "{{" ? "{" : m === "}}" ? "}" : values[name!],
  );
}

/** `api_token_query` */
export const API_TOKEN_QUERY =
  'mutation {{\n\tobtainKrakenToken(input: {{ APIKey: "{api_key}" }}) {{\n\t\ttoken\n    refreshToken\n    refreshExpiresIn\n\t}}\n}}';

/** `api_token_refresh_query` */
export const API_TOKEN_REFRESH_QUERY =
  'mutation {{\n\tobtainKrakenToken(input: {{ refreshToken: "{refresh_token}" }}) {{\n\t\ttoken\n    refreshToken\n    refreshExpiresIn\n\t}}\n}}';

/** `account_query` */
export const ACCOUNT_QUERY =
  'query {{\n  octoplusAccountInfo(accountNumber: "{account_id}") {{\n    isOctoplusEnrolled\n  }}\n  properties(accountNumber: "{account_id}") {{\n      id\n      occupancyPeriods {{\n              effectiveTo\n            }}\n    }}\n  account(accountNumber: "{account_id}") {{\n    \n    electricityAgreements(active: true) {{\n\t\t\tmeterPoint {{\n\t\t\t\tmpan\n\t\t\t\tdirection\n\t\t\t\tmeters(includeInactive: false) {{\n          activeFrom\n          activeTo\n          makeAndType\n\t\t\t\t\tserialNumber\n          makeAndType\n          meterType\n          smartExportElectricityMeter {{\n\t\t\t\t\t\tdeviceId\n            manufacturer\n            model\n            firmwareVersion\n\t\t\t\t\t}}\n          smartImportElectricityMeter {{\n\t\t\t\t\t\tdeviceId\n            manufacturer\n            model\n            firmwareVersion\n\t\t\t\t\t}}\n\t\t\t\t}}\n\t\t\t\tagreements(includeInactive: true) {{\n\t\t\t\t\tvalidFrom\n\t\t\t\t\tvalidTo\n          tariff {{\n            ... on TariffType {{\n              productCode\n              tariffCode\n            }}\n          }}\n\t\t\t\t}}\n\t\t\t}}\n    }}\n    gasAgreements(active: true) {{\n\t\t\tmeterPoint {{\n\t\t\t\tmprn\n\t\t\t\tmeters(includeInactive: false) {{\n          activeFrom\n          activeTo\n\t\t\t\t\tserialNumber\n          consumptionUnits\n          modelName\n          mechanism\n          smartGasMeter {{\n\t\t\t\t\t\tdeviceId\n            manufacturer\n            model\n            firmwareVersion\n\t\t\t\t\t}}\n\t\t\t\t}}\n\t\t\t\tagreements(includeInactive: true) {{\n\t\t\t\t\tvalidFrom\n\t\t\t\t\tvalidTo\n\t\t\t\t\ttariff {{\n\t\t\t\t\t\ttariffCode\n            productCode\n\t\t\t\t\t}}\n\t\t\t\t}}\n\t\t\t}}\n    }}\n  }}\n}}';

/** `live_consumption_query` */
export const LIVE_CONSUMPTION_QUERY =
  'query {{\n\tsmartMeterTelemetry(\n    deviceId: "{device_id}"\n    grouping: HALF_HOURLY \n\t\tstart: "{period_from}"\n\t\tend: "{period_to}"\n\t) {{\n    readAt\n    consumption\n\t\tconsumptionDelta\n    demand\n    export\n\t}}\n}}';
