# commands: тексты таблицы команд (справка, описания слэш-команд, подписи вариантов),
# ошибки ввода, !help и !rules.
# Названия команд, ключевые слова (katro, as north, on|off) и номера правил не
# переводятся: их набирают игроки.

## !help: $p — префикс, $default — уровень ИИ по умолчанию, $game — игра по умолчанию.

help-intro = Судья манкалы: Катро и Ойито I, одна партия на канал.
help-outro = Ходят только двое игроков, каждый в свою очередь; смотреть может любой.
help-line = { $form }: { $text }.
help-aliases = (или { $aliases })
help-organizers = (организаторы)
help-new-0 = вызвать кого-то (или любого); ИГРА: katro[:4x6|:4x4] [lone], hoyito[:2x6-12] [match|first-to N|games N], по умолчанию { $game }; ВРЕМЯ: `12h`, `2d`, `notime` или `5m+3s`
help-new-1 = сразу сыграть с ИИ, без рейтинга; уровни от 1 (новичок) до 5 (мастер), по умолчанию { $default }
help-accept-0 = принять вызов здесь
help-decline-0 = отклонить или отозвать вызов
help-sow-0 = ваш ход, напр. `{ $p }sow c1+` в Катро, `{ $p }sow d1` в Ойито
help-board-0 = доска и чей ход
help-moves-0 = возможные ходы
help-resign-0 = сдаться (в матче: `game` или `match`)
help-hint-0 = лучший ход ИИ и почему (против ИИ или без рейтинга с подсказками)
help-analyze-0 = разбор ИИ последней партии здесь или партии ID: ошибки, точность, график
help-history-0 = последние партии, законченные здесь
help-replay-0 = последний ход в виде GIF-анимации
help-rules-0 = правила вкратце
help-help-0 = эта справка или справка по команде КОМАНДА
help-draw-0 = предложить или принять ничью
help-abort-0 = отменить партию без результата, пока обе стороны не сделали ход
help-claim-0 = потребовать победу, когда срок соперника истёк
help-rematch-0 = снова ваш последний соперник, стороны меняются
help-mute-0 = не получать напоминаний о сроках
help-unmute-0 = снова получать напоминания о сроках
help-set-0 = autoforfeit|hints|threads on|off, pictures frames|sheet|final|gif, view mover|south|north, theme light|dark, language en|fr|es|ru|auto, web on|off|index|noindex
help-rating-0 = рейтинги Glicko-2 (`?`: предварительный)
help-leaderboard-0 = игроки с лучшим рейтингом
help-tournament-0 = список турниров здесь
help-tournament-leave = до начала

## Слэш-команды: описания (от 1 до 100 символов).

slash-new = Вызвать кого-то (или любого, или ИИ бота) на партию в Катро или Ойито здесь
slash-new-game = Игра: Катро 6x6, 4x6 или 4x4, Ойито от 2x6 до 2x12 или матч Ойито
slash-new-opponent = Кого вы вызываете; оставьте пустым, чтобы принять мог любой
slash-new-ai-level = Сыграть вместо этого с ИИ бота на этом уровне
slash-new-side = Играть за Юг (ходит первым) или Север; если пусто — случайно
slash-new-time = Время на ход (12h, 2d, notime) или часы с запасом времени (5m+3s, 3+2); если пусто — как на сервере
slash-new-rating = rated (по умолчанию) или unrated: рейтинг не меняется, подсказки, если канал разрешает
slash-accept = Принять вызов в этом канале
slash-decline = Отклонить вызов в этом канале или отозвать свой
slash-sow = Сделать ход: посев из лунки (Катро c1+ или c1-, Ойито d1)
slash-sow-hole = Лунка, из которой сеять, напр. c1+ (Катро) или d1 (Ойито)
slash-board = Показать доску партии здесь, строку позиции и чей ход
slash-moves = Список возможных ходов игрока, который ходит
slash-resign = Сдаться в партии этого канала
slash-hint = Лучший ход по мнению ИИ и почему (против ИИ; партии без рейтинга, где включены подсказки)
slash-analyze = Разбор законченной партии (по умолчанию последней здесь): каждый ход против лучшего хода ИИ
slash-history = Список последних партий, законченных в этом канале: номера, игроки, результаты, даты
slash-replay = Последний ход партии этого канала, шаг за шагом, в виде анимации
slash-rules = Краткое изложение правил Катро или Ойито I
slash-rules-game = katro или hoyito; если пусто — обе
slash-help = Как пользоваться ботом: команды и что они делают
slash-draw = Предложить ничью или принять предложенную соперником
slash-abort = Отменить партию, пока обе стороны не сделали ход: без результата и рейтинга
slash-claim = Потребовать победу, когда срок соперника истёк
slash-rematch = Снова вызвать здесь последнего соперника на ту же игру, стороны меняются
slash-mute = Отключить напоминания бота о ваших сроках
slash-unmute = Снова получать напоминания бота о ваших сроках
slash-set = Изменить настройку канала (организаторы): autoforfeit, hints, pictures, view, theme, language
slash-set-setting = autoforfeit, hints, pictures (хода), view (с чьей стороны), theme, language, threads
slash-set-value = on|off; pictures: frames|sheet|final|gif; view: mover|south|north; theme; language
slash-rating = Показать рейтинги Glicko-2 игрока на этом сервере (ваши, если пусто)
slash-rating-user = Игрок; если пусто — вы
slash-leaderboard = Показать лучших по рейтингу игроков сервера в Катро или Ойито
slash-leaderboard-game = { slash-rules-game }
slash-tournament = Турниры: list, new, join, leave, start, pairings, standings, withdraw, cancel, info
slash-tournament-list = Список турниров этого сервера
slash-tournament-new = Создать турнир (организаторы)
slash-tournament-new-name = От 1 до 24 букв, цифр, - или _
slash-tournament-new-game = Игра: Катро 6x6, 4x6 или 4x4, Ойито от 2x6 до 2x12 или матчи Ойито
slash-tournament-new-format = roundrobin, double (в два круга), swiss (число туров), knockout или arena
slash-tournament-new-rounds = Для swiss: число туров, от 1 до 20
slash-tournament-new-time = { slash-new-time }
slash-tournament-join = Записаться в турнир до его начала
slash-tournament-join-name = Турнир; нужен, только если на сервере их несколько
slash-tournament-leave = Выйти из турнира до его начала
slash-tournament-leave-name = { slash-tournament-join-name }
slash-tournament-start = Начать турнир: составить пары первого тура (организаторы)
slash-tournament-start-name = { slash-tournament-join-name }
slash-tournament-pairings = Показать партии текущего тура турнира
slash-tournament-pairings-name = { slash-tournament-join-name }
slash-tournament-standings = Показать турнирную таблицу
slash-tournament-standings-name = { slash-tournament-join-name }
slash-tournament-withdraw = Снять игрока с турнира (организаторы или сам игрок)
slash-tournament-withdraw-user = Игрок
slash-tournament-withdraw-name = { slash-tournament-join-name }
slash-tournament-cancel = Отменить турнир (организаторы)
slash-tournament-cancel-name = { slash-tournament-join-name }

## Варианты слэш-опций, которые являются словами (от 1 до 100 символов).

choice-katro-lone = katro lone (шаги одиночного камня, K11)
choice-level-1 = 1 новичок
choice-level-2 = 2 любитель
choice-level-3 = 3 клубный
choice-level-4 = 4 эксперт
choice-level-5 = 5 мастер

## Формат: $usage — формат команды с префиксом.

usage-time = ВРЕМЯ — часы или дни на ход, напр. `12h` или `2d` (от 1 ч до 30 дн.), или `notime`
usage-games = ИГРА — katro, katro:4x6, katro:4x4 (добавьте `lone` для шагов одиночного камня, K11), hoyito, hoyito:2xN (N от 6 до 12) или `hoyito match`
usage-new = формат: `{ $usage }`, { usage-games }; { usage-time }

## Ошибки ввода.

parse-usage = формат: `{ $usage }`
parse-joined = { $error }; { $usage }
parse-unknown-command = неизвестная команда { $name }; команды: { $commands } (`{ $p }help` объясняет их)
parse-unknown-sub = неизвестно: { $sub }; формат: `{ $usage }`
parse-no-args = `{ $command }` не принимает аргументов (получено { $words })
parse-time-bad = неверное время { $word }; { usage-time }
parse-time-range = время на ход { $word } вне допустимых пределов; { usage-time }
parse-sow-hole = `{ $p }{ $name }` требует лунку: `{ $p }sow c1+` или `{ $p }sow c1-` в Катро, `{ $p }sow d1` в Ойито (`{ $p }moves` покажет их)
parse-set-pictures = { $word } — не стиль картинок: frames, sheet, final или gif
parse-set-view = { $word } — не вид: mover, south или north
parse-set-theme = { $word } — не тема: light или dark
parse-set-usage = формат: `{ $usage }` (autoforfeit on: если срок хода истёк, партия здесь автоматически проиграна, off: соперник может написать `{ $p }claim`; hints on: `{ $p }hint` в партиях без рейтинга здесь; pictures: каждый кадр, один лист кадров, итоговая доска с путём хода или GIF; view: доски со стороны ходящего, Юга или Севера; theme: светлые или тёмные картинки; language: en, fr, es, ru или auto, чтобы следовать платформе; threads on: каждая новая партия между людьми в отдельной комнате; web on: партии, турниры и игроки этого сообщества на веб-страницах (index: поисковики могут их индексировать))
parse-rating-usage = формат: `{ $p }rating` (ваш) или `{ $p }rating @игрок`
parse-rules-unknown = нет правил для { $word }: используйте `{ $p }rules katro` или `{ $p }rules hoyito`
parse-level-missing = `level` требует число: уровни — { $levels }; напр. `{ $p }new katro ai level 3`
parse-level-range = уровня ИИ { $level } нет: уровни — { $levels }
parse-level-nan = `level` принимает число, а не { $word }: уровни — { $levels }
parse-as-missing = `as` требует сторону, `south` или `north`; { $usage }
parse-as-twice = только одну сторону (`as south` или `as north`); { $usage }
parse-as-bad = `as` принимает `south` или `north`, а не { $word }; { $usage }
parse-match-katro = матчи (M1-M4) есть только в Ойито: `{ $p }new hoyito match`
parse-match-alone = `match` ставится после игры Ойито; { $usage }
parse-rated-twice = `rated` или `unrated` — только один раз; { $usage }
parse-time-twice = только одно время на ход; { $usage }
parse-ai-twice = `ai` — только один раз; { $usage }
parse-level-without-ai = `level` ставится после `ai`: `{ $p }new katro ai level 3`; { $usage }
parse-game-bad = { $error } или `hoyito match`; формат: `{ $usage }`
parse-unexpected = лишнее слово { $word }; { $usage }
parse-lone-twice = `lone` — только один раз; { $usage }
parse-lone-hoyito = шаги одиночного камня (K11) — домашнее правило Катро: `{ $p }new katro lone`
parse-lone-alone = `lone` ставится после игры Катро: `{ $p }new katro lone`; { $usage }
parse-one-opponent = вызывайте одного соперника за раз; { $usage }
parse-ai-rated = партии с ИИ идут без рейтинга; { $usage }
parse-player-and-ai = вызывайте одного соперника за раз: игрока или ИИ, но не обоих; { $usage }
parse-mention-unknown = не удалось понять, кто упомянут; упомяните игрока так, чтобы чат связал имя; { $usage }
parse-tournament-name = неверное название турнира { $word }: от 1 до 24 букв, цифр, `-` или `_`; { $usage }
parse-tournament-one-name = `{ $p }tournament { $sub }` принимает не больше одного названия; { $usage }
parse-withdraw-user = `{ $p }tournament withdraw` требует игрока: `{ $p }tournament withdraw @игрок [НАЗВАНИЕ]`
parse-tournament-new-args = `{ $p }tournament new` требует название, игру и формат; { $usage }
parse-tournament-match-katro = матчи (M1-M4) есть только в Ойито; { $usage }
parse-tournament-unexpected = лишнее слово { $word }; { usage-time }; { $usage }
parse-too-many = слишком много слов; { $usage }
parse-swiss-rounds = `swiss` требует число туров, от 1 до 20 (`swiss 5`); { $usage }
parse-format-unknown = неизвестный формат { $word }: roundrobin, double, swiss ТУРЫ, knockout или arena ДЛИТЕЛЬНОСТЬ; { $usage }
parse-format-missing = `{ $p }tournament new` требует формат: roundrobin, double, swiss ТУРЫ, knockout или arena ДЛИТЕЛЬНОСТЬ; { $usage }

## !rules: $p — префикс, $game — игра для тренировки.

rules-katro = Катро (Мадагаскар): доска 6x6 (также 4x6, 4x4), по 2 камня в лунке; каждому игроку принадлежит его половина (Юг — ряды 1-3). Вы сеете только на своей половине, змейкой: вдоль внешнего ряда, обратно по следующему и так далее до начала (K2). Вы начинаете с самого внешнего ряда, где есть камни (K3), в любом направлении: `+` направо или `-` налево (K4). Если последний камень попал в занятую лунку, вы забираете из неё все камни и сеете дальше (эстафета, K6c). Если эта лунка в вашем переднем ряду, а в лунке переднего ряда соперника в том же столбце есть камни, вы берёте их и сеете вместе с камнями своей лунки (K6b, K7). Игрок без хода проигрывает (K9); третье повторение — ничья (K10).
rules-katro-lone = Домашнее правило, выбирается при создании партии (`{ $p }new katro lone`): игрок, у которого остался один камень, может передвинуть его на ряд внутрь, прямо или по диагонали (`{ $p }sow b1^b2`), со взятием, как при посеве (K11).
rules-hoyito = Ойито I (Доминиканская Республика): 2 ряда по 6 (до 12) лунок, по 4 камня в каждой; Югу принадлежит ряд 1. Вы берёте все камни из любой лунки своего ряда и сеете против часовой стрелки по всей доске (H2, H3). Любая лунка, где от брошенного камня стало ровно четыре, — каса: вы сразу берёте эти четыре камня (H5, H6a). Последний камень в занятой лунке даёт эстафету (H6c); в пустой — ход заканчивается (H6b). Когда в игре остаются последние четыре камня, их забирает тот, кто брал последним (H7); побеждает тот, кто взял больше камней (H8). Матч (M1-M4): каждый ряд заново заполняется взятыми камнями, незаполненные лунки закрываются, а матч заканчивается, когда у игрока меньше четырёх камней или когда партия началась бы так же, как одна из прежних (MX2); `first-to N` и `games N` — игра до N побед или из N партий (MX1).
rules-ai = Потренируйтесь с ИИ: `{ $p }new { $game } ai level N` (уровни от 1 «новичок» до 5 «мастер», без рейтинга; ИИ отвечает на каждый ход сразу).

## Discord: собственные заметки транспорта. $ahead — сколько партий ждут ИИ.

discord-thinking = { $ahead ->
    [0] Думаю...
    [one] Думаю... (впереди в очереди ИИ { $ahead } партия)
    [few] Думаю... (впереди в очереди ИИ { $ahead } партии)
   *[many] Думаю... (впереди в очереди ИИ { $ahead } партий)
}
discord-failed = Извините, на стороне бота произошёл сбой.
discord-failed-retry = Извините, на стороне бота произошёл сбой. Попробуйте ещё раз.
discord-nothing = Показать нечего.
discord-posted-in = Опубликовано в { $places }.
discord-file-too-large = ({ $file } не прикреплён: { $size } МиБ, а Discord принимает не больше { $max } МиБ.)
discord-alt-cut = ... (полный текст в { $file })
discord-alt-file = Текстовое описание { $file }
discord-closed-gone = этого канала больше нет
discord-closed-no-access = бот не видит этот канал (ему нужно право «Просматривать канал»)
discord-closed-locked = ветка заблокирована
discord-not-posted = (Не удалось написать в { $place }: { $why }.)
discord-not-posted-failed = (Не удалось написать в { $place }: Discord отказал.)
discord-threads-full = { $organizer }: на сервере достигнут предел активных веток Discord, поэтому ветку для { $room } открыть не удалось. Партия начнётся, как только ветку можно будет открыть: архивируйте завершённые ветки, чтобы освободить место.

## takeback and vacation
help-takeback-0 = вернуть свой последний ход (партии без рейтинга; соперник соглашается)
slash-takeback = Вернуть свой последний ход: партии без рейтинга или ИИ до уровня 3
help-vacation-0 = остановить свои часы в партиях по переписке на несколько дней, снова запустить или узнать остаток
slash-vacation = Остановить на несколько дней свои часы в партиях по переписке без рейтинга
slash-vacation-days = Дни, напр. 7d; off завершает отпуск; пусто — показать остаток
parse-vacation = `{ $p }vacation` принимает число дней от 1d до { $max }d или `off` (получено { $got })
## Live clocks, match lengths, !resign game|match

parse-live-bad = { $word } не подходит как контроль времени с часами: нужны минуты основного времени, затем `+` и секунды добавления за ход, например `5m+3s`, `3+2` или `10m` (от 1 до 180 мин, от 0 до 60 с)
parse-live-range = контроль времени { $word } вне допустимых пределов: основное время — от 1 до 180 минут, добавка — от 0 до 60 секунд (например `5m+3s`, `3+2`, `10m`)
parse-clock-twice = только один контроль времени: время на ход (`12h`, `2d`, `notime`) или часы (`5m+3s`), но не то и другое сразу; { $usage }
parse-ai-live = партии с часами — только между игроками; против ИИ укажите время на ход или ничего; { $usage }
parse-length-number = после { $word } нужно число партий от 1 до 20, а не { $got } (например `first-to 3` или `games 5`); { $usage }
parse-length-twice = только одна длина матча (`first-to N` или `games N`); { $usage }
parse-resign-usage = `{ $p }resign` принимает `game` или `match` (в матче), а не { $words }
slash-resign-what = В матче: только текущую партию или весь матч
parse-length-missing = после { $word } нужно число партий от 1 до 20 (например `first-to 3` или `games 5`); { $usage }
## archive
help-games-0 = ваши партии здесь: текущие, затем последние законченные
help-game-0 = партия по её номеру из любого канала
help-record-0 = ходы партии этого канала или партии ID
slash-analyze-id = Номер партии (см. `!games`, `!history`); по умолчанию последняя партия здесь
slash-games = Список ваших партий в этом сообществе: сначала текущие, затем последние законченные
slash-game = Показать партию по её номеру из любого канала этого сообщества
slash-game-id = Номер партии, например k7m2q9xd (как его показывают `!games` или `!history`)
slash-record = Показать запись партии этого канала или партии с этим номером
slash-record-id = Номер партии; по умолчанию партия этого канала
## notify
help-notify-0 = как сообщать о вашем ходе: личным сообщением, упоминанием, никак или ежедневной сводкой
slash-notify = Выбрать, как сообщать, что ваш ход
slash-notify-mode = dm, mention, off или digest; если пусто — текущий способ

## tournament organizer tools
help-tournament-adjudicate = завершить партию с результатом (организаторы); GAME — её номер или доска в текущем туре, причина обязательна
help-tournament-extend = больше времени на текущий ход партии, например `24h` (от 1 мин до 30 дней; организаторы)
help-tournament-pause = остановить все часы турнира (организаторы)
help-tournament-resume = снова запустить их с оставшимся у каждого временем (организаторы)
help-tournament-next-round = закрыть текущий тур; с `adjudicate` его неоконченные партии решаются: побеждает взявший больше семян (организаторы)
help-tournament-kick = исключить игрока с указанием причины (организаторы)
help-tournament-checkin = подтвердить участие до начала; `open` открывает подтверждение, на срок, если он указан (организаторы): при старте неподтвердившие исключаются
help-tournament-log = что делали организаторы, сначала новое
slash-tournament-adjudicate = Завершить партию турнира с результатом (организаторы)
slash-tournament-adjudicate-game = Номер партии или номер доски в текущем туре
slash-tournament-adjudicate-result = south, north, draw или имя победителя
slash-tournament-adjudicate-reason = Причина (обязательно; видна всем)
slash-tournament-extend = Добавить время на текущий ход партии (организаторы)
slash-tournament-extend-game = { slash-tournament-adjudicate-game }
slash-tournament-extend-duration = Сколько добавить: 30m, 24h, 2d (от 1 мин до 30 дней)
slash-tournament-pause = Остановить все часы турнира (организаторы)
slash-tournament-pause-name = { slash-tournament-join-name }
slash-tournament-resume = Снова запустить часы турнира на паузе (организаторы)
slash-tournament-resume-name = { slash-tournament-join-name }
slash-tournament-next-round = Закрыть текущий тур (организаторы)
slash-tournament-next-round-adjudicate = Решить неоконченные партии сейчас (побеждает взявший больше семян)
slash-tournament-next-round-name = { slash-tournament-join-name }
slash-tournament-kick = Исключить игрока из турнира (организаторы)
slash-tournament-kick-user = Игрок
slash-tournament-kick-name = { slash-tournament-join-name }
slash-tournament-kick-reason = Причина (видна всем)
slash-tournament-checkin = Подтвердить участие до начала турнира; организаторы открывают подтверждение
slash-tournament-checkin-open = Организаторы: открыть подтверждение участия
slash-tournament-checkin-duration = Организаторы: закрыть подтверждение через этот срок, например 30m
slash-tournament-checkin-name = { slash-tournament-join-name }
slash-tournament-log = Показать, что делали организаторы турнира
slash-tournament-log-name = { slash-tournament-join-name }
parse-duration = неверный срок { $word }: число с m, h или d (30m, 24h, 2d), от 1 минуты до 30 дней
parse-game-ref = неверная партия { $word }: укажите её номер или номер доски в текущем туре; { $usage }
parse-adjudicate-args = `adjudicate` требует партию, результат и причину; { $usage }
parse-adjudicate-reason = для решения нужна причина, видимая всем; { $usage }
parse-extend-args = `extend` требует партию и срок; { $usage }
parse-kick-user = `kick` требует игрока, упомянутого через @; { $usage }
parse-checkin-open = чтобы открыть подтверждение участия на срок, напишите `open` перед сроком; { $usage }
## tournament results, formats and info
help-tournament-new = ничьи на выбывание: `rematch` (по умолчанию: партия со сменой сторон, затем решающие) или `seed` (проходит высший номер); `accelerated`: 1-й тур в двух группах
help-tournament-info = система, время, тай-брейки и правила турнира
slash-tournament-new-tiebreak = Ничьи на выбывание: rematch (по умолчанию: вторая партия, решающие) или seed
slash-tournament-new-pairing = Для swiss: accelerated — в 1-м туре верхняя половина играет между собой
slash-tournament-info = Как играется турнир: система, время, тай-брейки, правила
slash-tournament-info-name = { slash-tournament-join-name }
parse-tournament-one-tiebreak = укажите один тай-брейк для турнира на выбывание: `rematch` или `seed`; { $usage }
parse-tournament-option-for = { $word } — параметр только для `{ $format }`; { $usage }
slash-tournament-new-window = Для arena: сколько длится подбор пар, напр. 90m, 2h, 1d (от 10m до 7d)
parse-arena-window = `arena` требует длительность, от 10 минут до 7 дней (`arena 90m`, `arena 2h`); { $usage }

## puzzles (issue 32)
help-puzzle-0 = задача рядом с вашим рейтингом задач на этой доске (по умолчанию — игра этого канала); ответ — `{ $p }sow`
help-puzzle-1 = задача дня, одна для всех (UTC)
help-puzzle-2 = сдаться в открытой задаче (после сделанного хода она считается нерешённой)
help-puzzle-3 = рейтинг задач, решённые и нерешённые задачи, серии
slash-puzzle = Задача рядом с вашим рейтингом: найдите лучший ход и ответьте через /sow
slash-puzzle-what = Доска, или daily (задача дня), stats, skip или hint
slash-puzzle-user = Для stats: чья статистика (ваша, если пусто)
parse-puzzle-word = { $word } — не доска и не `daily`, `skip`, `hint` или `stats`; формат: `{ $usage }`
parse-puzzle-extra = лишние слова: { $words }; формат: `{ $usage }`
parse-puzzle-who = непонятно, о ком речь; формат: `{ $usage }`
help-puzzle-4 = лунка, с которой начинается ваш следующий ход (после этого задача не засчитывается)
