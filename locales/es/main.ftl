count-seeds = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
language-set = Desde ahora las respuestas aquí son en español.
language-auto = Las respuestas aquí siguen el idioma de cada mensaje cuando la plataforma lo indica (Discord: el del usuario o el del servidor); si no, inglés.
language-unknown = { $word } no es un idioma disponible aquí: { $codes } o auto
time-in = en { $span }
time-ago = hace { $span }
time-now = ahora

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = bot:
console-bot-refused = bot (rechazado):
console-button = [{ $label }: escribe { $command }]
console-button-only = [{ $label }: escribe { $command }, solo { $user }]
console-pictures-failed = no se pudieron escribir las imágenes ({ $error }); la jugada se mantiene
diagram-won = partida terminada: gana { $side }
diagram-drawn = partida terminada: tablas

## notify
console-direct = mensaje directo a { $user }

## web
settings-web-on = Las partidas, torneos y jugadores de esta comunidad ya están en páginas web, ocultas a los buscadores (`{ $p }set web index` les permite listarlas). `{ $p }set web off` retira las páginas.
settings-web-off = Las páginas web de esta comunidad están desactivadas: sus direcciones ahora responden «no encontrada».
settings-web-index = Las páginas web de esta comunidad están activas y los buscadores pueden listarlas. `{ $p }set web noindex` les pide que no lo hagan.
settings-web-noindex = Ahora se pide a los buscadores que no listen las páginas web de esta comunidad.
parse-set-web = { $word } no es un ajuste web: on, off, index o noindex
web-not-found = Página no encontrada
web-not-found-text = No hay ninguna página en esta dirección.
web-footer = mancala-bot, el árbitro de Katro y Hoyito
web-language = Idioma
web-game-title = { $kind }, partida { $id }
web-game-players = Jugadores
web-game-side = Lado
web-game-player = Persona
web-game-rating = Puntuación
web-game-captured = Capturadas
web-game-started = Inicio
web-game-time-control = Ritmo
web-game-per-move = { $time } por jugada
web-game-no-clock = sin reloj
web-game-result = Resultado
web-game-in-progress = en curso
web-game-tournament = Torneo
web-game-round = ronda { $round }, mesa { $board }
web-game-board = Tablero
web-game-first = Inicio
web-game-back = Atrás
web-game-forward = Adelante
web-game-last = Final
web-game-ply = Jugada { $ply } de { $total }
web-game-start-position = Posición inicial
web-game-to-move = Le toca a { $name }
web-game-moves = Jugadas
web-game-pictures = Imágenes de esta jugada
web-game-chart = Semillas a lo largo de la partida
web-game-analysis = Análisis
web-game-analysis-loss = Semillas perdidas
web-game-analysis-best = Mejor jugada
web-game-accuracy = Precisión
web-game-download = Descargar
web-game-json = Registro de la partida (JSON)
web-game-gif = Animación (GIF)
web-game-live = El tablero se actualiza solo mientras sigue la partida.
web-link = Página de la partida: { $url }
web-link-label = Página de la partida

## web pages: tournaments, players, communities
web-tour-game = Juego
web-tour-format = Formato
web-tour-stage = Fase
web-tour-organizer = Organización
web-tour-created = Creado
web-community-link = Clasificaciones y torneos de esta comunidad
web-tour-round-of = ronda { $round } de { $total }
web-tour-now = Ronda { $round } en juego
web-tour-round-done = Todas las partidas de esta ronda han terminado; pronto se emparejará la siguiente.
web-tour-bye = descanso
web-tour-game-link = partida
web-tour-playing = en juego
web-tour-waiting = esperando su sala
web-tour-forfeit = incomparecencia
web-tour-no-players = Todavía no se ha inscrito nadie.
web-tour-standings = Clasificación
web-tour-buchholz-about = Buchholz: la suma de los puntos de los rivales
web-tour-sb-about = Sonneborn-Berger: los puntos de los rivales vencidos, más la mitad de los puntos de aquellos con quienes se empató
web-tour-champion = primer puesto
web-tour-out-in = eliminación en la ronda { $round }
web-tour-in-round = en la ronda { $round }
web-tour-crosstable = Tabla cruzada
web-tour-swiss-key = En cada ronda: el puesto del rival en la clasificación, el lado jugado (S sur, N norte) y el resultado.
web-tour-side-south = S
web-tour-side-north = N
web-tour-round-short = R{ $round }
web-tour-bracket = Cuadro
web-tour-round = Ronda { $round }
web-tour-rounds = Rondas
web-community-title = Clasificaciones y torneos
web-community-leaderboard = Clasificación de { $game }
web-community-no-ratings = Todavía no hay partidas puntuables.
web-community-tournaments = Torneos
web-community-no-tournaments = Todavía no hay torneos.
web-col-games = Partidas
web-col-date = Fecha
web-col-opponent = Rival
web-player-ratings = Puntuaciones
web-player-unrated = Todavía no hay partidas puntuables.
web-player-record = { $won } ganadas, { $drawn } tablas, { $lost } perdidas
web-player-provisional = (provisional)
web-player-chart = Evolución de la puntuación en { $game }
web-player-games = Partidas recientes
web-player-no-games = Todavía no hay partidas.
web-player-tournaments = Torneos
web-player-no-tournaments = Todavía no hay torneos.
web-player-registered = inscripción hecha, aún no ha empezado
web-player-place = puesto { $place } de { $total }, { $points } ptos.
## organizer's log on the tournament page (issue 31)
web-tour-log = Registro de la organización
## daily puzzle page (issue 32)
web-puzzle-title = Problema del día
web-puzzle-today = El problema de hoy ({ $date })
web-puzzle-yesterday = El problema de ayer ({ $date }), con su solución
web-puzzle-about = { $board }, puntuación { $rating }; temas: { $themes }.
web-puzzle-to-move = Juega { $side }: { $goal }.
web-puzzle-solution = Solución: { $line }
web-puzzle-how = Resuélvelo en el chat con `{ $p }puzzle daily`; allí tus respuestas cuentan para tu puntuación de problemas.
web-puzzle-none = No hay problema del día: este bot no tiene problemas instalados.
## web companion: the games of a knockout board, a match page (issue 30)
web-tour-game-n = partida { $n }
web-tour-link-label = Página del torneo { $name }
web-board-link-label = Mesa { $board }
web-match-title = Match
web-match-score = { $south } { $south_wins } – { $north_wins } { $north }{ $draws ->
    [0] {""}
    [one] , una partida en tablas
   *[other] , { $draws } partidas en tablas
}
web-match-game = Partida { $n }
web-match-show = Ver la partida { $n }
web-match-no-moves = Sin jugadas (abandono inmediato).
