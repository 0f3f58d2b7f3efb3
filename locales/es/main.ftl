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
