// The domains of the built-in lists. One domain per line; the common
// subdomains (www, m, mobile, app, api) are added when a list is enforced.
extension BuiltinLists {
    static let social = """
        # Reddit
        reddit.com
        redd.it
        redditmedia.com
        redditstatic.com
        reddituploads.com
        # Meta
        facebook.com
        fb.com
        fb.me
        fbcdn.net
        fbsbx.com
        instagram.com
        cdninstagram.com
        threads.net
        threads.com
        # X / Twitter
        twitter.com
        x.com
        t.co
        twimg.com
        # TikTok
        tiktok.com
        tiktokv.com
        tiktokcdn.com
        tiktokcdn-us.com
        # Others
        linkedin.com
        licdn.com
        snapchat.com
        pinterest.com
        pinimg.com
        tumblr.com
        bsky.app
        mastodon.social
        vk.com
        quora.com
        9gag.com

        """

    static let news = """
        news.ycombinator.com
        lobste.rs
        slashdot.org
        cnn.com
        bbc.com
        bbc.co.uk
        nytimes.com
        nyt.com
        washingtonpost.com
        theguardian.com
        reuters.com
        apnews.com
        bloomberg.com
        wsj.com
        foxnews.com
        nbcnews.com
        cnbc.com
        npr.org
        aljazeera.com
        politico.com
        axios.com
        huffpost.com
        buzzfeed.com
        theverge.com
        arstechnica.com
        techcrunch.com
        news.google.com
        spiegel.de
        lemonde.fr

        """

    static let video = """
        # YouTube
        youtube.com
        youtu.be
        ytimg.com
        googlevideo.com
        youtube-nocookie.com
        youtubei.googleapis.com
        # Netflix
        netflix.com
        nflxvideo.net
        nflximg.net
        nflxext.com
        nflxso.net
        # Twitch
        twitch.tv
        ttvnw.net
        jtvnw.net
        # Others
        vimeo.com
        vimeocdn.com
        dailymotion.com
        dmcdn.net
        primevideo.com
        disneyplus.com
        hulu.com
        max.com
        crunchyroll.com
        kick.com
        rumble.com

        """

    static let shopping = """
        amazon.com
        amazon.co.uk
        amazon.de
        amazon.fr
        amazon.ca
        amazon.co.jp
        ebay.com
        ebay.co.uk
        ebay.de
        etsy.com
        etsystatic.com
        aliexpress.com
        alibaba.com
        temu.com
        shein.com
        walmart.com
        target.com
        bestbuy.com
        wayfair.com
        zalando.com
        asos.com
        wish.com
        craigslist.org
        mercadolibre.com
        rakuten.com

        """

    static let chat = """
        # Discord
        discord.com
        discord.gg
        discordapp.com
        discordapp.net
        discord.media
        # Slack
        slack.com
        slack-edge.com
        slack-imgs.com
        # Telegram
        telegram.org
        t.me
        # WhatsApp and Messenger
        whatsapp.com
        whatsapp.net
        messenger.com
        # Others
        signal.org
        element.io
        teams.microsoft.com
        teams.live.com
        zulipchat.com
        gitter.im

        """

    static let games = """
        # Stores and launchers
        steampowered.com
        steamcommunity.com
        steamstatic.com
        epicgames.com
        gog.com
        itch.io
        # Games
        roblox.com
        rbxcdn.com
        minecraft.net
        battle.net
        blizzard.com
        ea.com
        riotgames.com
        leagueoflegends.com
        chess.com
        lichess.org
        # Browser games
        poki.com
        crazygames.com
        miniclip.com
        kongregate.com

        """
}
