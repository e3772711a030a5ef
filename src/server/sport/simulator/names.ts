/** Leagues and sides the simulator schedules, per sport (clubs by their common names; players invented). */
import type { SportId } from '../sports'

export interface League {
  name: string
  /** Where the league is played, as the lists group it: an ISO 3166 code (GB-ENG for England), or INT and SA for international and South American competitions. */
  country: string
  sides: readonly string[]
}

const BR = ['Flamengo', 'Palmeiras', 'Corinthians', 'São Paulo', 'Santos', 'Grêmio', 'Internacional', 'Atlético Mineiro', 'Cruzeiro', 'Fluminense', 'Botafogo', 'Vasco da Gama', 'Bahia', 'Fortaleza', 'Athletico Paranaense', 'Bragantino']
const PLAYERS = ['A. Moreira', 'B. Teixeira', 'C. Lindqvist', 'D. Okafor', 'E. Petrov', 'F. Nakamura', 'G. Rossi', 'H. Müller', 'I. Duarte', 'J. Kowalski', 'K. Andersen', 'L. Fontaine', 'M. Haddad', 'N. Ivanova', 'O. Castillo', 'P. Silva']

export const LEAGUES: Record<SportId, readonly League[]> = {
  football: [
    { name: 'Brasileirão Série A', country: 'BR', sides: BR },
    { name: 'Copa do Brasil', country: 'BR', sides: [...BR.slice(0, 8), 'Ceará', 'Sport Recife', 'Goiás', 'Coritiba', 'Vitória', 'Juventude', 'Cuiabá', 'América Mineiro'] },
    { name: 'Premier League', country: 'GB-ENG', sides: ['Arsenal', 'Chelsea', 'Liverpool', 'Manchester City', 'Manchester United', 'Tottenham', 'Newcastle', 'Aston Villa', 'Brighton', 'West Ham', 'Everton', 'Fulham'] },
    { name: 'La Liga', country: 'ES', sides: ['Real Madrid', 'Barcelona', 'Atlético de Madrid', 'Sevilla', 'Real Sociedad', 'Villarreal', 'Valencia', 'Athletic Club', 'Betis', 'Girona'] },
    { name: 'Copa Libertadores', country: 'SA', sides: ['Flamengo', 'Palmeiras', 'River Plate', 'Boca Juniors', 'Peñarol', 'Nacional', 'Colo-Colo', 'LDU Quito', 'Olimpia', 'Atlético Nacional', 'Fluminense', 'São Paulo'] },
  ],
  basketball: [
    { name: 'NBB', country: 'BR', sides: ['Flamengo', 'Franca', 'Minas', 'Pinheiros', 'Paulistano', 'Bauru', 'Brasília', 'Fortaleza', 'São Paulo', 'Corinthians'] },
    { name: 'NBA', country: 'US', sides: ['Lakers', 'Celtics', 'Warriors', 'Bucks', 'Nuggets', 'Heat', 'Knicks', 'Suns', 'Mavericks', '76ers'] },
  ],
  tennis: [
    { name: 'ATP Rio Open', country: 'BR', sides: PLAYERS },
    { name: 'WTA São Paulo', country: 'BR', sides: ['Q. Almeida', 'R. Sato', 'S. Novak', 'T. Brennan', 'U. Costa', 'V. Laurent', 'W. Okoro', 'X. Chen', 'Y. Berg', 'Z. Ferreira'] },
  ],
  boxing: [{ name: 'Noite de Boxe', country: 'BR', sides: ['Rocha', 'Kaminski', 'Velásquez', 'Adeyemi', 'Santos', 'Harrison', 'Tanaka', 'Moreau'] }],
  snooker: [{ name: 'World Snooker Tour', country: 'GB-ENG', sides: ['R. Whitfield', 'J. Tanner', 'M. Xu', 'N. Daly', 'S. Clarke', 'T. Huang', 'K. Wells', 'D. Moran'] }],
  baseball: [{ name: 'MLB', country: 'US', sides: ['Yankees', 'Red Sox', 'Dodgers', 'Giants', 'Cubs', 'Mets', 'Astros', 'Braves', 'Padres', 'Mariners'] }],
  volleyball: [
    { name: 'Superliga', country: 'BR', sides: ['Sada Cruzeiro', 'Minas', 'Praia Clube', 'Osasco', 'Sesi Bauru', 'Itambé', 'Pinheiros', 'Suzano'] },
    { name: 'Liga das Nações', country: 'INT', sides: ['Brasil', 'Polônia', 'Itália', 'Estados Unidos', 'Japão', 'França', 'Sérvia', 'Argentina'] },
  ],
  badminton: [{ name: 'BWF World Tour', country: 'INT', sides: ['I. Rahim', 'L. Juhl', 'P. Wongsa', 'S. Kimoto', 'V. Aalto', 'Y. Tan', 'Z. Liang', 'Y. Gouveia'] }],
  americanFootball: [{ name: 'NFL', country: 'US', sides: ['Chiefs', 'Eagles', '49ers', 'Cowboys', 'Bills', 'Ravens', 'Packers', 'Dolphins', 'Lions', 'Bengals'] }],
  tableTennis: [{ name: 'WTT Series', country: 'INT', sides: ['H. Carvalho', 'W. Lindgren', 'T. Hayashi', 'F. Mendes', 'D. Orlov', 'L. Lemaire', 'A. Joshi', 'Q. Wen'] }],
  cricket: [{ name: 'T20 Internacional', country: 'INT', sides: ['Índia', 'Austrália', 'Inglaterra', 'Paquistão', 'Nova Zelândia', 'África do Sul', 'Sri Lanka', 'Índias Ocidentais'] }],
  racing: [{ name: 'Corrida de Cavalos', country: 'BR', sides: ['Relâmpago', 'Estrela Guia', 'Vento Sul', 'Pé de Pano', 'Trovão', 'Gavião', 'Maré Alta', 'Fogo Cruzado'] }],
}

/** The country (or INT, SA) of a sport's league, by its name; INT for a league the table has not. */
export function countryOf(sport: SportId, league: string): string {
  return LEAGUES[sport].find((l) => l.name === league)?.country ?? 'INT'
}
