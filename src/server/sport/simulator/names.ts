/**
 * Leagues the simulator schedules, per sport: invented sides (no real club), where each league is
 * played and when (its time zone, its week of kick-offs as rounds), how long a side rests between
 * two matches, and the league's own clock where it differs from its sport's (basketball's quarters).
 */
import type { SportId } from '../sports'

export interface League {
  name: string
  /** Where the league is played, as the lists group it: an ISO 3166 code (GB-ENG for England), or INT and SA for international and South American competitions. */
  country: string
  /** The IANA time zone its kick-off hours are in. */
  tz: string
  sides: readonly string[]
  /**
   * The week's rounds, each as its kick-offs in local time: 'Wed 19:00*2 21:30; Thu 19:00' (two
   * matches kick off at 19:00 on Wednesday...). Days Mon to Sun, and Mon+ for the next Monday (a
   * round that ends on Monday night). In a round each side plays once (calendar.ts).
   */
  rounds: readonly string[]
  /** The least time between two kick-offs of one side, hours. */
  restHours: number
  /** Minutes of play where the league's differ from its sport's (FIBA's 4 x 10 against the NBA-like 4 x 12), and its mean score per side then. */
  playMinutes?: number
  mean?: number
}

const INDIVIDUAL_REST = 12
const TEAM_REST = 48
const daily = (times: string) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => `${d} ${times}`)

/** Invented racehorses: a noun and an epithet, 120 of them; a meeting's ten races of up to 12 runners each deal them out, each horse once (model.ts). */
export const HORSES = ['Relâmpago', 'Vento', 'Trovão', 'Cometa', 'Gavião', 'Corisco', 'Ventania', 'Faísca', 'Pampeiro', 'Tufão'].flatMap((a) =>
  ['Azul', 'do Sul', 'Dourado', 'Real', 'da Serra', 'Noturno', 'de Ouro', 'Veloz', 'do Norte', 'Bravo', 'da Lagoa', 'Imperial'].map((b) => `${a} ${b}`),
)
/** Sixty places the calendar pairs to fill each meeting's kick-offs, one race each (a race's field is dealt apart). */
const RACE_SLOTS = HORSES.slice(0, 60)
/** A race's distance (metres) and track. */
export const RACE_DISTANCES = [1000, 1200, 1300, 1400, 1600, 2000, 2400] as const
export const RACE_TRACKS = ['Grama', 'Areia'] as const

export const LEAGUES: Record<SportId, readonly League[]> = {
  football: [
    {
      name: 'Brasileirão Série A',
      country: 'BR',
      tz: 'America/Sao_Paulo',
      sides: ['Atlético Serra Azul', 'EC Mar Grande', 'Sociedade Vale Dourado', 'União Cerrado Norte', 'Tucanos de Ipanema Alta', 'Real Tapajós', 'Ferroviário do Planalto', 'Náutico Baía Verde', 'Operário Campo Limpo', 'Independente Pedra Branca', 'Guarani das Araras', 'Estrela do Vale', 'Portuário de Ilha Bela', 'Atlético Mangueiral', 'Associação Jequitibá', 'Marítimo da Costa Norte', 'Colonial Sete Rios', 'Bandeirante do Oeste', 'Ipiranga da Serra', 'Cometa FC'],
      rounds: ['Wed 19:00*2 19:30 21:30*2; Thu 19:00*2 20:00 21:30*2', 'Sat 16:00*2 18:30*2 21:00; Sun 11:00 16:00*2 18:30 20:30'],
      restHours: TEAM_REST,
    },
    {
      name: 'Brasileirão Série B',
      country: 'BR',
      tz: 'America/Sao_Paulo',
      sides: ['Lagoa Funda EC', 'Vale do Ribeirão SC', 'União Campina Verde', 'Tropical FC', 'Associação Pau-Brasil', 'Grêmio Ouro Fino', 'Atlético Rio Manso', 'Esporte Clube Caatinga', 'Sete de Setembro FC', 'Aimorés da Mata', 'Comercial Três Pontas', 'Palmares Atlético', 'Cruzeiro do Oeste Paulista', 'Real Mantiqueira', 'Ceará Mirim EC', 'Araucária FC', 'Bela Aurora EC', 'Jangadeiros do Norte', 'Primavera AC', 'Carijós Futebol Clube'],
      rounds: ['Tue 19:00*2 21:30*3; Wed 19:00*2 21:30*3', 'Fri 19:00*2 21:30*2; Sat 16:30*2 19:00*2 21:00*2'],
      restHours: TEAM_REST,
    },
    {
      name: 'Liga Inglesa',
      country: 'GB-ENG',
      tz: 'Europe/London',
      sides: ['Ashbury Rovers', 'Kingsmoor Town', 'Marlowe United', 'Thornbury Athletic', 'Redcliffe City', 'Holloway Wanderers', 'Eastmere FC', 'Brackley Albion', 'Westerham Rangers', 'Castlegate Park', 'Oakhill Villa', 'Harrowdale', 'Northgate Athletic', 'Stourford County', 'Penrose United', 'Linford Forest', 'Blackmere Rovers', 'Sedgecombe Town', 'Fenwick City', 'Ravensworth'],
      rounds: ['Sat 12:30 15:00*4 17:30; Sun 14:00*2 16:30; Mon+ 20:00'],
      restHours: TEAM_REST,
    },
    {
      name: 'Liga Espanhola',
      country: 'ES',
      tz: 'Europe/Madrid',
      sides: ['Real Olivares', 'Atlético Montealto', 'Deportivo Sierra Clara', 'Unión Valdelobos', 'CD Puerto Salinas', 'Sporting Almenara', 'Racing Castellar', 'CA Robledal', 'SD Vega Alta', 'Real Club Ribera', 'CF Marisol', 'UD Torrealba', 'Deportivo Alcornoque', 'CD Peñablanca', 'Atlético Sotomayor', 'Real Arenales', 'UD Mirabel', 'CD Candeleda Alta', 'SD Altamira del Mar', 'CF Lucena Vieja'],
      rounds: ['Fri 21:00; Sat 14:00 16:15 18:30 21:00; Sun 14:00 16:15 18:30 21:00; Mon+ 21:00'],
      restHours: TEAM_REST,
    },
    {
      name: 'Liga Norte-Americana de Futebol',
      country: 'US',
      tz: 'America/New_York',
      sides: ['Cascade FC', 'Lone Star SC', 'Harbor City FC', 'Great Lakes United', 'Bluegrass FC', 'Desert Sun SC', 'Bay Area Tides', 'Capital District FC', 'Gulf Shore FC', 'Rocky Ridge United', 'Twin Rivers SC', 'Sound City FC', 'Peachtree United', 'Prairie Wind FC'],
      rounds: ['Sat 19:30*4 22:30*2; Sun 18:00'],
      restHours: TEAM_REST,
    },
  ],
  basketball: [
    {
      name: 'Liga Brasileira de Basquete',
      country: 'BR',
      tz: 'America/Sao_Paulo',
      sides: ['Tubarões do Litoral', 'Guarás de Campinas Velha', 'Onças do Pantanal', 'Ararinhas de Belém Nova', 'Leões do Planalto', 'Botos do Tapajós', 'Carcarás do Sertão', 'Lobos Paulistas', 'Capivaras do Iguaçu', 'Tamanduás de Minas', 'Sabiás do Recôncavo', 'Basquete Serra Azul'],
      rounds: ['Tue 19:00 20:00 21:30; Thu 19:00 20:00 21:30', 'Sat 11:00 16:00 18:00; Sun 11:00 16:00 18:00'],
      restHours: TEAM_REST,
      // FIBA's clock: four quarters of 10 minutes.
      playMinutes: 40,
      mean: 80,
    },
    {
      name: 'Liga Norte-Americana de Basquete',
      country: 'US',
      tz: 'America/New_York',
      sides: ['Bay City Comets', 'Lakeshore Owls', 'Capital Lumberjacks', 'Desert Scorpions', 'Steel Valley Forge', 'Gulf Coast Herons', 'Prairie Bison', 'Midtown Monarchs', 'Redwood Timber', 'Seaside Gulls', 'Ironbridge Foundry', 'Summit Ospreys'],
      // Nightly but Monday; Sunday's games in the afternoon, two days before Tuesday's.
      rounds: ['Tue 19:30*2 22:00; Wed 19:30*2 22:00', 'Thu 19:30*2 22:00; Fri 19:30*2 22:00', 'Sat 19:30*2 22:00; Sun 15:30*2 18:00'],
      restHours: TEAM_REST,
      // Four quarters of 12 minutes.
      playMinutes: 48,
      mean: 112,
    },
  ],
  tennis: [
    { name: 'Aberto do Rio', country: 'BR', tz: 'America/Sao_Paulo', sides: ['A. Moreira', 'B. Teixeira', 'C. Lindqvist', 'D. Okafor', 'E. Petrov', 'F. Nakamura', 'G. Rossi', 'H. Müller', 'I. Duarte', 'J. Kowalski', 'K. Andersen', 'L. Fontaine', 'M. Haddad', 'N. Ivanova', 'O. Castillo', 'P. Silva'], rounds: daily('11:00*2 12:45*2 14:30*2 16:15*2'), restHours: INDIVIDUAL_REST },
    { name: 'Aberto Feminino de São Paulo', country: 'BR', tz: 'America/Sao_Paulo', sides: ['Q. Almeida', 'R. Sato', 'S. Novak', 'T. Brennan', 'U. Costa', 'V. Laurent', 'W. Okoro', 'X. Chen', 'Y. Berg', 'Z. Ferreira', 'A. Lund', 'B. Ramos'], rounds: daily('11:00*2 12:45*2 14:30*2'), restHours: INDIVIDUAL_REST },
  ],
  boxing: [{ name: 'Noite de Boxe', country: 'BR', tz: 'America/Sao_Paulo', sides: ['Rocha', 'Kaminski', 'Velásquez', 'Adeyemi', 'Santos', 'Harrison', 'Tanaka', 'Moreau'], rounds: ['Sat 21:00 21:45 22:30 23:15'], restHours: 6 * 24 }],
  snooker: [{ name: 'Circuito Inglês de Snooker', country: 'GB-ENG', tz: 'Europe/London', sides: ['R. Whitfield', 'J. Tanner', 'M. Xu', 'N. Daly', 'S. Clarke', 'T. Huang', 'K. Wells', 'D. Moran'], rounds: daily('13:00*2 19:00*2'), restHours: INDIVIDUAL_REST }],
  baseball: [
    {
      name: 'Liga Americana de Beisebol',
      country: 'US',
      tz: 'America/New_York',
      sides: ['Harbor Pilots', 'Granite Hawks', 'Riverside Owls', 'Canyon Miners', 'Bayou Cranes', 'Northfield Lynx', 'Copper Valley Stags', 'Sunbelt Rattlers', 'Evergreen Loggers', 'Old Mill Millers'],
      rounds: ['Tue 19:05*3; Wed 19:05*2', 'Thu 19:05*2; Fri 19:05*3', 'Sat 13:05*2 19:05; Sun 13:05*2'],
      restHours: TEAM_REST,
    },
  ],
  volleyball: [
    { name: 'Superliga Brasileira', country: 'BR', tz: 'America/Sao_Paulo', sides: ['Vôlei Serra Azul', 'Praia Dourada', 'Minas do Norte Vôlei', 'Osasco Velho', 'Vale do Paraíba Vôlei', 'Campos Gerais', 'Litoral Sul Vôlei', 'Cerrado Vôlei'], rounds: ['Tue 19:00 21:30; Wed 19:00 21:30', 'Fri 19:00 21:30; Sat 17:00 19:30'], restHours: TEAM_REST },
    { name: 'Liga das Nações', country: 'INT', tz: 'Europe/Rome', sides: ['Brasil', 'Polônia', 'Itália', 'Estados Unidos', 'Japão', 'França', 'Sérvia', 'Argentina'], rounds: ['Wed 15:00 18:00; Thu 15:00 18:00', 'Sat 15:00 18:00; Sun 15:00 18:00'], restHours: TEAM_REST },
  ],
  badminton: [{ name: 'Circuito Mundial de Badminton', country: 'INT', tz: 'Asia/Singapore', sides: ['I. Rahim', 'L. Juhl', 'P. Wongsa', 'S. Kimoto', 'V. Aalto', 'Y. Tan', 'Z. Liang', 'Y. Gouveia'], rounds: daily('12:00 13:00 14:00 15:00'), restHours: INDIVIDUAL_REST }],
  americanFootball: [
    {
      name: 'Liga de Futebol Americano',
      country: 'US',
      tz: 'America/New_York',
      sides: ['Harbor City Anchors', 'Plains Stampede', 'Mountain Rams', 'Lake Country Voyagers', 'Capital Sentinels', 'Bayfront Marlins', 'Ironworks Smelters', 'Lone Pine Rangers', 'Coastal Thunder', 'Heartland Plowmen'],
      rounds: ['Thu 20:15; Sun 13:00*2 16:25 20:20; Mon+ 20:15'],
      restHours: 72,
    },
  ],
  tableTennis: [{ name: 'Circuito de Tênis de Mesa', country: 'INT', tz: 'Asia/Shanghai', sides: ['H. Carvalho', 'W. Lindgren', 'T. Hayashi', 'F. Mendes', 'D. Orlov', 'L. Lemaire', 'A. Joshi', 'Q. Wen', 'R. Kato', 'M. Brandt', 'C. Yilmaz', 'E. Solberg', 'G. Pereira', 'J. Mikkelsen', 'K. Ahn', 'N. Dufour'], rounds: daily('10:00*2 11:00*2 15:00*2 16:00*2'), restHours: INDIVIDUAL_REST }],
  cricket: [{ name: 'Série T20 Internacional', country: 'INT', tz: 'Asia/Kolkata', sides: ['Índia', 'Austrália', 'Inglaterra', 'Paquistão', 'Nova Zelândia', 'África do Sul', 'Sri Lanka', 'Índias Ocidentais'], rounds: ['Tue 14:00 19:30; Wed 14:00 19:30', 'Fri 14:00 19:30; Sat 14:00 19:30'], restHours: TEAM_REST }],
  racing: [
    {
      name: 'Hipódromo da Lagoa Azul',
      country: 'BR',
      tz: 'America/Sao_Paulo',
      sides: RACE_SLOTS,
      // Thursday evening, Saturday and Sunday afternoons: ten races a meeting; a horse runs once a meeting.
      rounds: ['Thu 18:00 18:30 19:00 19:30 20:00 20:30 21:00 21:30 22:00 22:30; Sat 14:00 14:30 15:00 15:30 16:00 16:30 17:00 17:30 18:00 18:30; Sun 14:00 14:30 15:00 15:30 16:00 16:30 17:00 17:30 18:00 18:30'],
      restHours: 48,
    },
  ],
}

/** The league of a sport by its name (undefined for one the table has not). */
export const leagueOf = (sport: SportId, league: string): League | undefined => LEAGUES[sport].find((l) => l.name === league)

/** The country (or INT, SA) of a sport's league, by its name; INT for a league the table has not. */
export function countryOf(sport: SportId, league: string): string {
  return leagueOf(sport, league)?.country ?? 'INT'
}
